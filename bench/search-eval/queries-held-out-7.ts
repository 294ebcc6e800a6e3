// The SEVENTH HELD-OUT set of the search evaluation, written on 2026-12-03 by a helper that had not seen the ranker:
// neither its code, nor its scores on any earlier set, nor the evaluation's scoring and tuning code, nor the notes
// and commit messages about it were read while writing, and neither the ranker nor the evaluation was run on these
// queries before they were committed. The labels were read off the 147 tools' own names, descriptions and
// parameters (mcp-tools.json, padding-tools.json); the earlier sets (tuning, held-out 1 to 6) were only loaded by a
// small script to check that no query here repeats one of theirs (lower-cased, whitespace folded).
// The queries are written as different people would type a request to a coding or desktop assistant, which a model
// then hands to the tool search: bare shell, git, gh, glab and psql habits, chatty questions, requests put as the
// outcome wanted rather than the action, non-native English, a typo or stray capital here and there, from two words
// to two sentences, most of them carrying real arguments (paths, repos, issue and PR numbers, channel ids, thread
// timestamps, Notion ids, SQL, coordinates, quoted text). Every server of the registry is asked for at least six
// times, larger servers more, and each answerable query names every tool of the registry that does what it asks.
// A query naming no tool asks for something none of the tools does: most are near misses inside a server's domain
// (deleting or grepping files, local git and shell commands, listing or deleting GitHub branches, releases, CI logs,
// merging or listing GitLab merge requests, searching, editing or pinning Slack messages, sharing or exporting a
// Notion page, writing SQL through the read-only query tool, editing an existing image, live traffic), the rest
// have nothing to do with any of them. It is meant to be run once, when the tuning before it is over. Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
const READ_MANY = ['filesystem:read_multiple_files', ...READ];
const LIST = ['filesystem:list_directory', 'filesystem:list_directory_with_sizes'];
const REMEMBER = ['memory:create_entities', 'memory:add_observations'];
const RECALL = ['memory:search_nodes', 'memory:open_nodes', 'memory:read_graph'];
const THINK = 'thinking:sequentialthinking';
const GOTO = ['playwright:browser_navigate', 'puppeteer:puppeteer_navigate'];
const SHOT = ['playwright:browser_take_screenshot', 'puppeteer:puppeteer_screenshot'];
const CLICK = ['playwright:browser_click', 'puppeteer:puppeteer_click'];
const TYPE = ['playwright:browser_type', 'puppeteer:puppeteer_fill', 'playwright:browser_fill_form'];
const SELECT = ['playwright:browser_select_option', 'puppeteer:puppeteer_select'];
const HOVER = ['playwright:browser_hover', 'puppeteer:puppeteer_hover'];
const RUN_JS = ['playwright:browser_evaluate', 'puppeteer:puppeteer_evaluate', 'playwright:browser_run_code_unsafe'];
const FIND_ON_PAGE = ['playwright:browser_find', 'playwright:browser_snapshot'];
const NEARBY = ['maps:maps_search_places', 'brave:brave_local_search'];
const ROUTE = ['maps:maps_directions', 'maps:maps_distance_matrix'];
const WEB = 'brave:brave_web_search';
const SQL = 'postgres:query';
const IMAGE = 'everart:generate_image';
const NOTION_READ = ['notion:API-retrieve-page-markdown', 'notion:API-get-block-children'];
const NOTION_APPEND = ['notion:API-patch-block-children', 'notion:API-update-page-markdown'];
const NOTION_SCHEMA = ['notion:API-retrieve-a-data-source', 'notion:API-retrieve-a-database'];
const NOTION_TRASH_PAGE = ['notion:API-patch-page', 'notion:API-delete-a-block'];
const NOTION_TRASH_BLOCK = ['notion:API-delete-a-block', 'notion:API-update-a-block'];
const GH_FILE_WRITE = ['github:create_or_update_file', 'github:push_files'];
const GH_ISSUES = ['github:list_issues', 'github:search_issues'];
const GH_PRS = ['github:list_pull_requests', 'github:search_issues'];

export const HELD_OUT_7_QUERIES: LabelledQuery[] = [
  // filesystem
  Q('show me what is in the current folder', ...LIST, 'filesystem:directory_tree'),
  A('cat ~/projects/floe/.env.example', ...READ),
  A('can you open up apps/desktop/src/main.ts for me', ...READ),
  A('tail -n 200 logs/host-2026-12-02.log', ...READ),
  A('compare package.json in packages/cli and packages/host, their deps look out of sync', ...READ_MANY),
  A('pls read docs/ARCHITECTURE.md and docs/SECURITY.md, both, then give me a summary', ...READ_MANY),
  A('what is shown in assets/icons/tray@2x.png', 'filesystem:read_media_file'),
  A('listen to recordings/standup-1203.m4a and tell me who talks first', 'filesystem:read_media_file'),
  A("create scripts/seed.sql containing: INSERT INTO plans VALUES (1, 'free');", 'filesystem:write_file'),
  A('overwrite .nvmrc so it just says 20.11.1', 'filesystem:write_file'),
  A('rename src/utils/helpers.ts to src/utils/strings.ts', 'filesystem:move_file'),
  A('mkdir -p test/fixtures/pty/snapshots', 'filesystem:create_directory'),
  A("where's tsconfig.eslint.json? somewhere in the repo, I forgot where", 'filesystem:search_files'),
  A('find all *.snap files under test/, ignore node_modules', 'filesystem:search_files'),
  A('how big is release/Floe-1.4.0.dmg and when was it last modified', 'filesystem:get_file_info'),
  A('ls -la ~/Downloads', ...LIST),
  A('which files in data/exports take the most space', 'filesystem:list_directory_with_sizes'),
  A('show me the folder structure of packages/renderer as a tree, without node_modules', 'filesystem:directory_tree'),
  Q('which folders am I even allowed to touch with the file tools?', 'filesystem:list_allowed_directories'),
  A('in README.md swap the travis-ci.org badge link for the github actions one', 'filesystem:edit_file'),
  A('bump "version" in manifest.json from 1.4.0 to 1.4.1', 'filesystem:edit_file'),
  A(
    'dry run: rename getUser( to fetchUser( in src/api/users.ts, only show me the diff, dont write it',
    'filesystem:edit_file',
  ),

  // memory
  Q('is there anything in your memory about me personally', ...RECALL),
  A('remember that Priya prefers pnpm over npm', ...REMEMBER),
  A('note for later: the staging db password rotates on the 1st of every month', ...REMEMBER),
  A('add to what you know about project Atlas: deadline moved to Jan 15', 'memory:add_observations'),
  A(
    'Marco is on the billing team and the billing team owns invoice-service, store how they are connected',
    'memory:create_relations',
    'memory:create_entities',
  ),
  A('what do you remember about Dana?', ...RECALL),
  Q('dump your whole memory graph', 'memory:read_graph'),
  A('did I ever tell you something about the "kubernetes upgrade"?', 'memory:search_nodes', 'memory:read_graph'),
  A('forget everything you know about Tom Becker, he left', 'memory:delete_entities'),
  A('Priya does not prefer pnpm anymore, take that fact out', 'memory:delete_observations'),
  A('marco left billing team, remove that link between them from memory', 'memory:delete_relations'),
  A('pull up the stored entries for Floe, Atlas and Dana', ...RECALL),
  A("my birthday is 14 march, don't forget it ok", ...REMEMBER),
  Q('who and what have you saved in your knowledge graph so far', 'memory:read_graph'),

  // sequential thinking
  Q('think this through step by step before you answer', THINK),
  A('plan the migration of the settings store from JSON to SQLite in stages, and revise the plan as you go', THINK),
  A('lets reason carefully: why could the pty leak file descriptors only on macOS?', THINK),
  Q('break the problem into numbered thoughts and go back to an earlier one if it turns out wrong', THINK),
  A('work out a rollout for the feature flag new-search over 3 regions, think in steps, branch if needed', THINK),
  Q('I need a structured chain of reasoning on this design question, not a quick answer', THINK),
  A('tricky one - estimate how many tokens a 40 page PDF is, go through it thought by thought', THINK),

  // github
  Q('whats assigned to me on github that is still open', 'github:search_issues'),
  A('open an issue in floe-dev/floe: "Tray icon blurry on Windows 11 at 150% scaling"', 'github:create_issue'),
  A('file a bug on acme/web-app, title "Login loops forever", assign kchen, labels bug and p1', 'github:create_issue'),
  A('gh issue list -R floe-dev/floe --label regression', ...GH_ISSUES),
  Q('show me open github issues sorted by most commented', ...GH_ISSUES),
  A("what's going on with issue #1873 in floe-dev/floe", 'github:get_issue'),
  A('close #902 on acme/web-app, the refactor fixed it', 'github:update_issue'),
  A('put the label needs-repro on floe-dev/floe#2011', 'github:update_issue'),
  A('reply on issue 2011 and ask the reporter which OS version they run', 'github:add_issue_comment'),
  A(
    'gh pr create --base main --head feat/deferred-tools --title "Deferred tool loading"',
    'github:create_pull_request',
  ),
  A('open a draft PR from fix/pty-leak into release/1.4 in floe-dev/floe', 'github:create_pull_request'),
  A('gh pr view 4120 -R floe-dev/floe', 'github:get_pull_request'),
  A('which files does PR #4120 change?', 'github:get_pull_request_files'),
  A('are the checks green on pull 4120 yet?', 'github:get_pull_request_status'),
  A('squash-merge floe-dev/floe#4120 with title "feat: deferred tools (#4120)"', 'github:merge_pull_request'),
  A('approve PR 4133, comment "LGTM, nice cleanup"', 'github:create_pull_request_review'),
  A(
    'what did reviewers say on PR 4120? I want the inline comments',
    'github:get_pull_request_comments',
    'github:get_pull_request_reviews',
  ),
  A('PR 4120 is behind main, bring its branch up to date', 'github:update_pull_request_branch'),
  A('any dependabot PRs sitting in acme/web-app?', ...GH_PRS),
  Q('what pull requests of mine are still waiting on review, anywhere on github', 'github:search_issues'),
  A('git log for floe-dev/floe main, last 15 commits', 'github:list_commits'),
  A('create branch hotfix/1.4.2 off release/1.4 on github, repo floe-dev/floe', 'github:create_branch'),
  A('fork vercel/next.js into the floe-dev org', 'github:fork_repository'),
  A('new private github repo "floe-infra", with a README', 'github:create_repository'),
  A('search github for rust crates doing fuzzy matching, most stars first', 'github:search_repositories'),
  A('where in kubernetes/kubernetes is podEvictionTimeout used', 'github:search_code'),
  A('who is sarah-dev on github, find her profile', 'github:search_users'),
  A('show .github/workflows/ci.yml from floe-dev/floe on the release/1.4 branch', 'github:get_file_contents'),
  A('what does the README of charmbracelet/bubbletea say about mouse support', 'github:get_file_contents'),
  A('commit docs/CONTRIBUTING.md to floe-dev/floe main with message "docs: contributing guide"', ...GH_FILE_WRITE),
  A('push .eslintrc.cjs, .prettierrc and package.json to branch chore/lint-config as ONE commit', 'github:push_files'),
  A('issues mentioning "segfault" across the whole electron org, newest first', 'github:search_issues'),
  A('i want that you make issue in floe-dev/floe about the broken dark mode in settings', 'github:create_issue'),

  // gitlab
  A('open an issue in gitlab project infra/terraform: "state lock stuck in eu-west-1"', 'gitlab:create_issue'),
  A(
    'glab mr create --source-branch feat/vpc --target-branch main --title "VPC peering"',
    'gitlab:create_merge_request',
  ),
  A('make a draft merge request in group/payments-api from fix/rounding into develop', 'gitlab:create_merge_request'),
  A('new gitlab branch release-2026-12 from main in project 4412', 'gitlab:create_branch'),
  A('fork the gitlab project ops/ansible-roles into my namespace', 'gitlab:fork_repository'),
  A('create a gitlab project data-pipelines, visibility internal', 'gitlab:create_repository'),
  A('any gitlab repos named helm-charts out there?', 'gitlab:search_repositories'),
  A('show the .gitlab-ci.yml of infra/terraform on main', 'gitlab:get_file_contents'),
  A(
    'what does config/values.yaml look like in platform/helm-charts on gitlab at tag v3.2.0',
    'gitlab:get_file_contents',
  ),
  A(
    'on gitlab update README.md in project 4412 on branch docs with the new install steps, msg "docs: install"',
    'gitlab:create_or_update_file',
    'gitlab:push_files',
  ),
  A(
    'push main.tf, variables.tf and outputs.tf to infra/terraform branch feat/vpc in a single commit',
    'gitlab:push_files',
  ),
  A('rename docs/old.md to docs/setup.md in the gitlab repo infra/terraform', 'gitlab:create_or_update_file'),

  // slack
  Q('catch me up on the outage channel, what did people post there', 'slack:slack_get_channel_history'),
  A('post in #deploys: "1.4.1 is rolling out, ping me if anything breaks"', 'slack:slack_post_message'),
  A('let #frontend know the design review moved to 3pm', 'slack:slack_post_message'),
  A(
    'make sure the on-call folks hear that the db failover is done — their channel is C04ONCALL',
    'slack:slack_post_message',
  ),
  A('answer in thread 1733221456.004900 in C02ABCD: "fixed by #4120"', 'slack:slack_reply_to_thread'),
  A(
    'react with :white_check_mark: to the message 1733221456.004900 in the deploys channel',
    'slack:slack_add_reaction',
  ),
  A('what has been said in #incidents today', 'slack:slack_get_channel_history'),
  A('last 30 msgs from #support pls', 'slack:slack_get_channel_history'),
  A('read the replies under the thread 1733190011.000200 in C0INCID', 'slack:slack_get_thread_replies'),
  Q('which slack channels do we have', 'slack:slack_list_channels'),
  A('I need the channel ID of #design-crit', 'slack:slack_list_channels'),
  Q('list everybody on our slack, names and titles', 'slack:slack_get_users'),
  A("what's the title and timezone of slack user U07QWERTY", 'slack:slack_get_user_profile'),
  A("what's Ana Souza's slack user id, I want to mention her", 'slack:slack_get_users'),

  // notion
  Q('start a fresh notion page for my reading list', 'notion:API-post-page'),
  A('find the notion page "Q1 Roadmap"', 'notion:API-post-search'),
  Q('list every notion database I have access to', 'notion:API-post-search'),
  A('open notion page 1f2e3d4c-5a6b-4c7d-8e9f-0123456789ab and summarise it', ...NOTION_READ),
  A(
    'read the standup meeting notes in notion (8a7b6c5d-4e3f-4a1b-9c2d-112233445566) with the transcript',
    'notion:API-retrieve-page-markdown',
  ),
  A(
    'notion: put a "## Risks" section right after the Goals heading on page 2b3c4d5e-0000-4000-8000-00000000a1b2',
    ...NOTION_APPEND,
  ),
  A(
    'replace everything on notion page 55aa66bb-77cc-4d88-99ee-aabbccddeeff with this markdown: # Retro\n- went well: ...',
    'notion:API-update-page-markdown',
  ),
  A('create a new notion page under "Engineering" called "Incident 2026-12-03"', 'notion:API-post-page'),
  A('set the Status of notion page 9c9c9c9c-1111-4222-8333-444455556666 to Done', 'notion:API-patch-page'),
  A('move the notion page "Old specs" under Archive', 'notion:API-move-page'),
  A('trash notion page 7e7e7e7e-aaaa-4bbb-8ccc-dddddddddddd', ...NOTION_TRASH_PAGE),
  A('get rid of paragraph block 3f3f3f3f-0101-4202-8303-040404040404 in notion', ...NOTION_TRASH_BLOCK),
  A(
    'fix the text of notion block 4d4d4d4d-1212-4343-8565-787878787878: "Launch in Q2" should be "Launch in Q3"',
    'notion:API-update-a-block',
    'notion:API-update-page-markdown',
  ),
  A("what's nested under the toggle 6a6a6a6a-2b2b-4c4c-8d8d-9e9e9e9e9e9e in notion", 'notion:API-get-block-children'),
  A('fetch notion block 6a6a6a6a-2b2b-4c4c-8d8d-9e9e9e9e9e9e, what type is it', 'notion:API-retrieve-a-block'),
  A('what comments did people leave on the notion page "API design"', 'notion:API-retrieve-a-comment'),
  A(
    'comment on notion page 1f2e3d4c-5a6b-4c7d-8e9f-0123456789ab: "@Lena can you review section 3?"',
    'notion:API-create-a-comment',
  ),
  A(
    'in the notion Bugs database show rows where Priority is P0 and Status is not Done',
    'notion:API-query-data-source',
  ),
  A('what columns does notion data source 0d0d0d0d-3e3e-4f4f-8a8a-5b5b5b5b5b5b have', ...NOTION_SCHEMA),
  A('add a "Due date" date column to the Tasks data source in notion', 'notion:API-update-a-data-source'),
  A(
    'create a notion database "Hiring pipeline" under page 12345678-aaaa-4bbb-8ccc-1234567890ab with Name, Stage, Owner',
    'notion:API-create-a-data-source',
  ),
  A(
    'which templates exist in the notion Meetings db 0e0e0e0e-1f1f-4a2a-8b3b-4c4c4c4c4c4c',
    'notion:API-list-data-source-templates',
  ),
  Q('list all members of our notion workspace', 'notion:API-get-users'),
  A('notion user 4f4f4f4f-5a5a-4b6b-8c7c-8d8d8d8d8d8d — who is that, email?', 'notion:API-get-user'),
  Q('which notion integration am I connected as', 'notion:API-get-self'),
  A(
    'get the full Owners property of notion page 9c9c9c9c-1111-4222-8333-444455556666, it has more than 25 people',
    'notion:API-retrieve-a-page-property',
    'notion:API-retrieve-a-page',
  ),
  A(
    'when was notion page 9c9c9c9c-1111-4222-8333-444455556666 created, and who edited it last',
    'notion:API-retrieve-a-page',
  ),

  // playwright / puppeteer
  Q('dismiss the dialog that is blocking the page', 'playwright:browser_handle_dialog'),
  A('go to https://staging.floe.dev/login', ...GOTO),
  A('launch puppeteer with headless false and load https://example.org', 'puppeteer:puppeteer_navigate'),
  A('screenshot the entire scrollable page, save it as landing.png', 'playwright:browser_take_screenshot'),
  A('grab a screenshot of only the #pricing-table element', ...SHOT),
  A('take a 1024x768 screenshot called homepage-before', ...SHOT),
  A("click the 'Sign in with GitHub' button", ...CLICK),
  A('puppeteer: click button.btn-primary[type=submit]', ...CLICK),
  A('double click cell A1 in the grid', 'playwright:browser_click'),
  A('enter qa+1203@floe.dev in the Email box', ...TYPE),
  A('fill the signup form: name Ana Souza, email ana@example.com, password hunter22', ...TYPE),
  A('pick "Germany" in the country dropdown', ...SELECT),
  A('hover over the avatar top right so the tooltip shows', ...HOVER),
  A("run document.querySelectorAll('a').length on the page", ...RUN_JS),
  A("what's window.__APP_VERSION__ on the current page", ...RUN_JS),
  Q('scrape every product name and price from this page into JSON', ...RUN_JS, 'playwright:browser_snapshot'),
  A(
    'with playwright do: await page.getByRole("button", { name: "Save" }).click(); await page.waitForURL(/saved/)',
    'playwright:browser_run_code_unsafe',
  ),
  Q('any errors in the browser console?', 'playwright:browser_console_messages'),
  A('which XHR calls went to /api/v2/ after the dashboard loaded?', 'playwright:browser_network_requests'),
  A('show me the response body of request #12', 'playwright:browser_network_request'),
  Q('accept the "are you sure?" confirm popup', 'playwright:browser_handle_dialog'),
  A('the prompt box wants a name, answer floe-test and press OK', 'playwright:browser_handle_dialog'),
  Q('check the site with prefers-reduced-motion turned on', 'playwright:browser_emulate_media'),
  A('upload ~/Desktop/avatar.jpg through the profile picture input', 'playwright:browser_file_upload'),
  A(
    'drag ./fixtures/sample.csv from disk onto the import dropzone',
    'playwright:browser_drop',
    'playwright:browser_file_upload',
  ),
  A('press Ctrl+K', 'playwright:browser_press_key'),
  Q('submit it with the Enter key', 'playwright:browser_press_key'),
  Q('browser back button pls', 'playwright:browser_navigate_back'),
  A('open https://docs.floe.dev in a new tab', 'playwright:browser_tabs'),
  Q('which tabs are open right now', 'playwright:browser_tabs'),
  A('wait till "Export complete" shows up', 'playwright:browser_wait_for'),
  A('drag the card "Fix login" into the Done column', 'playwright:browser_drag'),
  A('make the browser 390x844 like an iphone 14', 'playwright:browser_resize'),
  Q('shut the browser', 'playwright:browser_close'),
  Q('capture an aria snapshot of what the browser shows', 'playwright:browser_snapshot'),
  A('is there a "Cookie settings" link anywhere on this page?', ...FIND_ON_PAGE),

  // google maps
  Q('where is the closest gas station', ...NEARBY),
  A('coords for 1600 Amphitheatre Parkway, Mountain View', 'maps:maps_geocode'),
  A('what address is at 52.5200, 13.4050', 'maps:maps_reverse_geocode'),
  A('coffee shops near Alexanderplatz', ...NEARBY),
  A('find a 24h pharmacy within 2 km of 40.7128,-74.0060', ...NEARBY),
  A('directions from Gare du Nord to the Louvre by metro', 'maps:maps_directions'),
  A('how long to bike from Mission Dolores Park to the Ferry Building', ...ROUTE),
  A(
    'driving time from our 3 offices (Berlin, Lisbon, Warsaw) to Schiphol, all of them in one table',
    'maps:maps_distance_matrix',
  ),
  A('elevation at the Mont Blanc summit, 45.8326,6.8652', 'maps:maps_elevation'),
  A('opening hours and phone number for place ChIJN1t_tDeuEmsRUsoyG83frY4', 'maps:maps_place_details'),
  A(
    'is Tartine Bakery on Guerrero St open on sundays, and how is it rated?',
    'maps:maps_search_places',
    'maps:maps_place_details',
    'brave:brave_local_search',
  ),

  // brave search
  A('search the web for "electron 33 breaking changes"', WEB),
  Q('any news this week about EU AI act enforcement', WEB),
  A('google how to fix ERR_OSSL_EVP_UNSUPPORTED on node 17', WEB),
  A('find blog posts from this year comparing bun and deno performance', WEB),
  A('read some reviews of the Framework 16 laptop online', WEB),
  Q('whats trending in tech news today', WEB),
  A('best ramen near Shinjuku with good ratings', ...NEARBY),

  // postgres
  Q('roughly how many rows does each table have', SQL),
  A("SELECT count(*) FROM users WHERE created_at > now() - interval '7 days'", SQL),
  A('psql \\d orders', SQL),
  A('how many active subscriptions per plan? tables subscriptions and plans', SQL),
  A('show the 10 slowest queries from pg_stat_statements', SQL),
  Q('which tables in the database are the biggest', SQL),
  A('find duplicate emails in the customers table', SQL),
  A('explain analyze select * from events where account_id = 42', SQL),
  Q('what postgres version is the db on', SQL),
  A('HOW MANY USERS SIGNED UP TODAY from the users table', SQL),

  // everart
  A('generate an image: a fox reading a newspaper in a Berlin café, watercolor', IMAGE),
  A('make me 3 logo ideas for "Floe", vector style', IMAGE),
  A('photorealistic render of a standing desk in a sunny loft, use the FLUX ultra model', IMAGE),
  Q('draw a picture of a cat astronaut', IMAGE),
  A('need a hero illustration for the landing page: calm ocean with ice floes, minimal', IMAGE),
  A('app icon concept — a paper boat on a blue gradient', IMAGE),
  A('gimme a meme-ish image of a dev staring at 10k failing tests', IMAGE),

  // everything (the MCP reference server)
  A('echo "ping 42"', 'everything:echo'),
  A('what is 1234 + 5678, use the sum tool', 'everything:get-sum'),
  Q('print the environment variables of the MCP server', 'everything:get-env'),
  Q('send me the little test image', 'everything:get-tiny-image'),
  A('gzip https://example.com/big.json and hand me a link, call it big.json.gz', 'everything:gzip-file-as-resource'),
  Q('turn simulated logging on', 'everything:toggle-simulated-logging'),
  Q('switch off the resource subscription updates', 'everything:toggle-subscriber-updates'),
  A('kick off the demo long running task: 30 s, 6 steps', 'everything:trigger-long-running-operation'),
  A('give me 4 sample resource links', 'everything:get-resource-links'),
  A('show a debug annotated message, with the image', 'everything:get-annotated-message'),
  A(
    'run a simulated research query on "solid state batteries", make it ambiguous',
    'everything:simulate-research-query',
  ),
  A('structured content for Los Angeles please', 'everything:get-structured-content'),
  A('get a reference to text resource id 7', 'everything:get-resource-reference'),

  // no tool: near misses
  Q('show me my git stash list'),
  A('rm -rf dist/ coverage/'),
  A('grep -rn "TODO(security)" src/'),
  A('chmod +x scripts/release.sh'),
  A('zip up the whole reports/ folder so I can email it'),
  A('notify me as soon as anything in src/ gets modified'),
  Q('how much memory is chrome using right now'),
  Q('clear the RAM cache'),
  A('list the branches of floe-dev/floe'),
  A('delete the branch feat/old-search on github'),
  A('cut a github release v1.4.2 with the changelog as notes'),
  A('why did the CI job e2e-linux fail in run 88123, show me its logs'),
  A('star tokio-rs/tokio'),
  A('add @jlee as collaborator on floe-dev/floe-infra with write access'),
  A('git blame src/host/pty.ts line 120 on github'),
  A('re-run the failed workflows on PR 4120'),
  A('glab mr merge 318 in infra/terraform'),
  A('list open merge requests in group/payments-api'),
  A('comment on gitlab issue #77 that the fix is deployed'),
  A('why is gitlab pipeline 99812 failing'),
  A('show me gitlab issues assigned to me'),
  A('search slack for "quota exceeded" from last week'),
  A('edit my last message in #deploys, the version has a typo'),
  A('create a private channel #proj-atlas and invite Marco and Priya'),
  A('set my slack status to "heads down" until 5pm'),
  A('upload screenshot.png to #design-crit'),
  A('pin the rollout message in #deploys'),
  A('share the notion page "Q1 Roadmap" with guest anna@partner.io'),
  A('export the notion page Handbook as PDF'),
  A('restore the notion page "Pricing" to how it looked yesterday'),
  A('lock the Policies page in notion so nobody edits it'),
  Q('sync my chrome bookmarks over to my work laptop'),
  Q('bookmark this page in my chrome'),
  A('show live traffic on the A100 right now'),
  A('save Tartine Bakery to my google maps favourites'),
  A("UPDATE users SET plan = 'pro' WHERE id = 9913"),
  A("delete the test rows from orders where email like '%@example.com'"),
  A('create an index on events(account_id, created_at)'),
  A('take a pg_dump of prod into /backups/prod-1203.sql'),
  A('remove the background from assets/team-photo.jpg'),
  A('turn assets/hero.png into a short animated video'),
  Q('restart the everything server'),
  Q('git diff --stat'),
  A('npm run test -- test/unit/pty.test.ts'),
  A('git rebase -i HEAD~3 and squash the fixups'),
  A('docker compose up -d postgres'),
  A('free up port 8080, something is squatting on it'),

  // no tool: unrelated
  A('pomodoro timer 25 min pls'),
  A('add "dentist thu 3pm" to my calendar'),
  A('email the invoice to billing@acme.com'),
  Q('play some lo-fi music'),
  A("text my wife that I'll be 20 min late"),
  Q('mute all notifications on my mac for an hour'),
  A('send 50 euros to Jonas on paypal'),
  Q('lock my screen'),
  A('translate "Wir sehen uns morgen" into japanese'),
  Q('what is my battery level'),
  A('order 2 boxes of A4 paper from amazon'),
  A('schedule a zoom with Priya tomorrow 10am'),
  A('book an uber from home to SFO at 6am'),
];
