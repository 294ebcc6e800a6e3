// The EIGHTH HELD-OUT set of the search evaluation, written on 2026-12-03 by a helper that never saw the ranker: not
// its code, not its scores on any earlier set, not the evaluation's scoring, tuning or fold code, not the notes or
// commit messages about it. What was read to label it is the registry itself (the 147 tools of mcp-tools.json and
// padding-tools.json: names, descriptions, parameters) and how registry.ts forms the names; the earlier sets (tuning,
// held-out 1 to 7) were only loaded by a small script that reported any query of this set already in one of them,
// so none repeats. Neither the ranker nor the evaluation has been run on it. The queries imagine many authors (a data
// analyst, a designer, a support engineer, a student, a manager, an SRE, a PhD student, a shop owner …) typing to a
// coding or desktop assistant that passes the request on to the tool search: short commands, chatty questions,
// shell, git, gh, glab and psql habits, goals rather than tool words, non-native English, some typos and odd casing,
// from two words to two sentences, most carrying real arguments (paths, ids, people, channels, issue numbers, URLs,
// SQL, repos, quoted text, coordinates). The servers are covered roughly in proportion to their tool counts, each at
// least six times; an answerable query names every tool of the registry that does what it asks. A query naming no
// tool asks for something no tool here does: most are near misses at the edge of a server (removing or chmod-ing a
// file, grepping file contents, deleting a GitHub branch, re-running a workflow, merging or listing GitLab merge
// requests, searching or editing Slack messages, sharing a Notion page, writing with the read-only SQL tool,
// retouching an existing image, live traffic), the others plainly outside every server. Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
const LIST = ['filesystem:list_directory', 'filesystem:list_directory_with_sizes'];
const SIZE = ['filesystem:get_file_info', 'filesystem:list_directory_with_sizes'];
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
const NEARBY = ['maps:maps_search_places', 'brave:brave_local_search'];
const ROUTE = ['maps:maps_directions', 'maps:maps_distance_matrix'];
const WEB = 'brave:brave_web_search';
const SQL = 'postgres:query';
const IMAGE = 'everart:generate_image';
const NOTION_READ = ['notion:API-retrieve-page-markdown', 'notion:API-get-block-children'];
const NOTION_APPEND = ['notion:API-patch-block-children', 'notion:API-update-page-markdown'];
const NOTION_SCHEMA = ['notion:API-retrieve-a-data-source', 'notion:API-retrieve-a-database'];
const NOTION_TRASH = ['notion:API-patch-page', 'notion:API-delete-a-block'];
const GH_FILE_WRITE = ['github:create_or_update_file', 'github:push_files'];
const GL_FILE_WRITE = ['gitlab:create_or_update_file', 'gitlab:push_files'];
const GH_PR_TALK = ['github:add_issue_comment', 'github:create_pull_request_review'];
const GH_ISSUES = ['github:list_issues', 'github:search_issues'];
const GH_PRS = ['github:list_pull_requests', 'github:search_issues'];

export const HELD_OUT_8_QUERIES: LabelledQuery[] = [
  // filesystem
  A('cat config/settings.yaml', ...READ),
  A('show me the last 50 lines of /var/log/app/worker.log', ...READ),
  A('pls open notes/standup-2026-11-28.md and tell me what i wrote', ...READ),
  A('compare package.json with packages/api/package.json side by side', 'filesystem:read_multiple_files'),
  A('read src/a.ts, src/b.ts and src/c.ts in one go', 'filesystem:read_multiple_files'),
  A('ls ~/projects/floe-demo', ...LIST),
  A('which files in /data/exports take the most space? biggest first', 'filesystem:list_directory_with_sizes'),
  A('find every *.test.ts under src/', 'filesystem:search_files'),
  A('where is the file called docker-compose.override.yml somewhere in this repo', 'filesystem:search_files'),
  A('tree of the docs folder but skip node_modules and .git', 'filesystem:directory_tree'),
  A('mkdir -p reports/2026/q4/raw', 'filesystem:create_directory'),
  A('rename draft_v3_FINAL.docx to proposal.docx in ~/Documents', 'filesystem:move_file'),
  A('mv src/utils/old-helpers.ts src/legacy/', 'filesystem:move_file'),
  A('when was infra/terraform/main.tf last modified?', 'filesystem:get_file_info'),
  A('how big is dist/bundle.js now', ...SIZE),
  A('save this as TODO.md: "- fix login redirect\n- update deps"', 'filesystem:write_file'),
  A(
    'in src/server.ts replace `const PORT = 3000` with `const PORT = Number(process.env.PORT ?? 3000)`',
    'filesystem:edit_file',
  ),
  A("dry run only: what would README.md look like if 'npm i' became 'pnpm install'", 'filesystem:edit_file'),
  A('look at the screenshot ~/Desktop/bug-repro.png and tell me what the error says', 'filesystem:read_media_file'),
  Q('which folders are you even allowed to touch on my disk?', 'filesystem:list_allowed_directories'),
  A('is /srv/app/.env a file or a dir, and who can read it', 'filesystem:get_file_info'),
  Q('overwrite .gitignore with a standard one for a python project', 'filesystem:write_file'),
  A('rm -rf build/ dist/'),
  A("grep -rn 'FIXME' src/ --include=*.py"),
  A('make scripts/release.sh executable'),
  Q('how much free disk space is left on this laptop'),
  A('make a symlink from ~/.config/nvim to ~/dotfiles/nvim'),

  // memory
  A('remember that Priya is the tech lead for the billing service', ...REMEMBER),
  A('note for later: Acme Corp wants invoices in EUR and net-45 terms', ...REMEMBER),
  A("link 'checkout-service' to 'postgres-main' with relation depends_on", 'memory:create_relations'),
  A('what do you know about the project we call Lighthouse?', ...RECALL),
  A('forget everything about Jonas Becker, he left the company', 'memory:delete_entities'),
  A("remove the observation 'allergic to peanuts' from Sam's entry, that was wrong", 'memory:delete_observations'),
  A('the relation Alice manages Bob is outdated, drop it', 'memory:delete_relations'),
  Q('dump your whole knowledge graph so i can check it', 'memory:read_graph'),
  A("add to Marta's record: moved to the Lisbon office in November", 'memory:add_observations'),
  A("open the nodes 'Q3 roadmap' and 'Hiring plan'", 'memory:open_nodes'),
  Q('did i ever tell you my preferred deploy window?', ...RECALL),
  A('store two new entities: Kafka (technology) and Orders Team (team)', 'memory:create_entities'),
  Q('undo whatever you changed in your memory in the last hour'),

  // sequential thinking
  Q('slow down and reason about it in numbered steps, you may revise earlier ones', THINK),
  A('lets reason carefully: why would the cron job fire twice at 02:00 only on DST change days?', THINK),
  A(
    "break down moving the monolith's auth module into its own service, step by step, and revise the plan as you go",
    THINK,
  ),
  Q('plan first, then act. i want a careful multi-step plan with room to backtrack', THINK),
  A(
    'three boxes labelled apples, oranges, mixed, all labels wrong, you may pick one fruit. reason it out stepwise',
    THINK,
  ),
  A('weigh sharding the events table by tenant_id vs by month, question your own assumptions', THINK),

  // github
  A("gh issue create -R acme/webapp --title 'Login button unresponsive on Safari'", 'github:create_issue'),
  A('open an issue in octo-org/cli: crash when the config file is empty, label it bug', 'github:create_issue'),
  A('close issue #482 in acme/webapp, it is fixed by the last release', 'github:update_issue'),
  A('assign #77 on floe-dev/floe to @kwame and add label needs-triage', 'github:update_issue'),
  A('gh issue view 1290 --repo vercel/next.js', 'github:get_issue'),
  A('are the CI checks green on PR 341 in acme/api?', 'github:get_pull_request_status'),
  A('which files does pull request #58 of lena/dotfiles touch', 'github:get_pull_request_files'),
  A("approve PR 912 in acme/webapp with the comment 'lgtm, ship it'", 'github:create_pull_request_review'),
  A('request changes on acme/api#77: no tests for the retry path', 'github:create_pull_request_review'),
  A('squash merge #215 in acme/infra', 'github:merge_pull_request'),
  A('gh pr list --repo acme/webapp --state open', ...GH_PRS),
  A('any open bugs labelled p1 in acme/mobile?', ...GH_ISSUES),
  A("search github issues mentioning 'ECONNRESET' in nodejs/undici", 'github:search_issues'),
  A('last 10 commits on main of acme/infra', 'github:list_commits'),
  A('create branch hotfix/payment-timeout from release/2.4 in acme/api', 'github:create_branch'),
  A('fork facebook/react into my account', 'github:fork_repository'),
  A('fork kubernetes/website to the acme-docs organisation', 'github:fork_repository'),
  A('make a new private github repo called ml-experiments, with a README', 'github:create_repository'),
  A('find repos about rust wasm game engines', 'github:search_repositories'),
  A('where in torvalds/linux is sched_setattr defined?', 'github:search_code'),
  A("who's the github user sindresorhus, find his profile", 'github:search_users'),
  A('show me docs/CONTRIBUTING.md from acme/webapp on branch develop', 'github:get_file_contents'),
  A('what is in the root folder of github.com/denoland/deno', 'github:get_file_contents'),
  A("bump version in package.json of acme/sdk on github to 3.1.0, commit msg 'release 3.1.0'", ...GH_FILE_WRITE),
  A('push src/index.ts, src/types.ts and README.md to acme/sdk branch feat/types as one commit', 'github:push_files'),
  A("open a PR from feat/dark-mode into main in acme/webapp titled 'Dark mode toggle'", 'github:create_pull_request'),
  A('draft pull request for branch wip/search-v2 on acme/api, not ready for review', 'github:create_pull_request'),
  A("comment on issue 64 in acme/mobile: 'can repro on Android 14, Pixel 8'", 'github:add_issue_comment'),
  A('say thanks to the contributor on PR #300 of acme/api', ...GH_PR_TALK),
  A('what did reviewers write inline on acme/webapp#1187?', 'github:get_pull_request_comments'),
  A('has anyone approved pull 66 in team/backend yet', 'github:get_pull_request_reviews'),
  A('PR 450 in acme/api is behind main, bring its branch up to date', 'github:update_pull_request_branch'),
  A('pull request 9981 in microsoft/vscode: who opened it, base and head branch?', 'github:get_pull_request'),
  A('all my open PRs across github waiting for review (author:@me)', 'github:search_issues'),
  Q('what issues got opened on our repo this week?', ...GH_ISSUES),
  A('delete the branch feature/old-nav on acme/webapp, it was merged'),
  A('re-run the failed GitHub Actions workflow on PR 212 in acme/api'),
  A('list the releases of acme/cli and their tags'),
  A('gh release create v2.0.0 --notes-file CHANGELOG.md'),
  A('star tauri-apps/tauri for me'),
  A('add @lee-h as a collaborator with write access to acme/secret-sauce'),
  A('git branch -r for acme/api on github, which branches exist'),

  // slack
  A("post in #deploys: 'v4.2 rolling out, expect ~5 min of extra latency'", 'slack:slack_post_message'),
  A('let the support channel know the payment provider is down, ETA unknown', 'slack:slack_post_message'),
  A("reply in the thread 1733155200.001900 in channel C04ABCD12: 'fixed in prod'", 'slack:slack_reply_to_thread'),
  A('react with :white_check_mark: to message 1733240011.224500 in #ops', 'slack:slack_add_reaction'),
  A("what's been said in #incident-2291? last 30 msgs", 'slack:slack_get_channel_history'),
  A("read every reply under Tom's thread 1733301122.000300 in C07XYZ9", 'slack:slack_get_thread_replies'),
  Q("who's in our slack workspace? list everyone", 'slack:slack_get_users'),
  A("slack profile of U02AB3CD: what's their title and timezone", 'slack:slack_get_user_profile'),
  A("what's the channel id of #design-crit", 'slack:slack_list_channels'),
  A('catch me up on #random, i was on holidays', 'slack:slack_get_channel_history'),
  A('thumbsup the latest announcement in #general', 'slack:slack_add_reaction'),
  A("search slack for anything about 'SSO migration' since october"),
  Q('edit my last slack message, i misspelled the customer name'),
  A('create a private slack channel #proj-phoenix'),
  A("set my slack status to 'out sick' until tomorrow"),
  A('invite dana.k to #eng-leads'),

  // gitlab
  A("glab issue create -R infra/terraform-modules -t 'Upgrade aws provider to v5'", 'gitlab:create_issue'),
  A("file a gitlab issue in acme/android: 'Crash on rotate', assign user id 381", 'gitlab:create_issue'),
  Q('open a gitlab ticket about the broken pipeline', 'gitlab:create_issue'),
  A('open an MR in group/web-portal from feature/sso into main', 'gitlab:create_merge_request'),
  A(
    'glab mr create --draft --source-branch refactor/db --target-branch develop in project 4411',
    'gitlab:create_merge_request',
  ),
  A('branch release-3.2 off tag v3.1.0 in gitlab project 9912', 'gitlab:create_branch'),
  A('fork gitlab-org/gitlab-runner into my namespace', 'gitlab:fork_repository'),
  A("new gitlab project 'data-pipelines', private, start it with a readme", 'gitlab:create_repository'),
  A("search gitlab for projects named 'helm-charts'", 'gitlab:search_repositories'),
  A('show .gitlab-ci.yml of ops/deploy at ref main', 'gitlab:get_file_contents'),
  A("commit a fix to src/app.py on gitlab project 2231 branch hotfix, message 'handle None user'", ...GL_FILE_WRITE),
  A('push k8s/deployment.yaml and k8s/service.yaml to gitlab mygroup/api in a single commit', 'gitlab:push_files'),
  A('rename docs/old.md to docs/guide.md in gitlab project 55 on main', 'gitlab:create_or_update_file'),
  A('merge MR !342 in group/web-portal once the pipeline passes'),
  A('glab mr list --state opened -R infra/terraform-modules'),
  A('retry the failed gitlab pipeline job 88123'),
  A('close gitlab issue #12 in ops/deploy with a comment'),

  // notion
  A("find the Notion page titled 'Q1 OKRs'", 'notion:API-post-search'),
  Q('which notion pages did i edit most recently', 'notion:API-post-search'),
  A("what's written on notion page 1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d?", ...NOTION_READ),
  A(
    "append a bullet 'call vendor about the SLA' to notion page 8f1e2d3c-4b5a-4968-8776-655443322110",
    ...NOTION_APPEND,
  ),
  A("add a row to the Bugs database: 'Export fails on Safari', priority High", 'notion:API-post-page'),
  A("create a notion page under Engineering Wiki called 'Postmortem 2026-12-02'", 'notion:API-post-page'),
  A('set Status to Done on notion page 5c9d7e2a-1b3f-4c8d-9e0a-2f4b6d8e1a3c', 'notion:API-patch-page'),
  A("trash the notion page 'Old pricing draft' (3b7e9f10-2c4d-4e6f-8a1b-5c7d9e0f2a4b)", ...NOTION_TRASH),
  A(
    "in the Tasks data source show only rows where Assignee is Mei and Status isn't Done",
    'notion:API-query-data-source',
  ),
  A("sort the Leads db by 'Last contacted', newest first, top 20", 'notion:API-query-data-source'),
  A('what columns does the Content Calendar database have?', ...NOTION_SCHEMA),
  A("add a 'Due date' date property to the Projects database", 'notion:API-update-a-data-source'),
  A("rename the notion database 'Tasks' to 'Sprint backlog'", 'notion:API-update-a-data-source'),
  A(
    "make a new notion database 'Reading list' with Title, Author and Rating columns",
    'notion:API-create-a-data-source',
  ),
  A('which templates can i use in the Meeting notes database?', 'notion:API-list-data-source-templates'),
  A("move the notion page 'Hiring 2027' under 'People Ops'", 'notion:API-move-page'),
  A("comment on the Launch plan page in notion: 'legal sign-off still pending'", 'notion:API-create-a-comment'),
  A(
    'show the discussion comments on notion block 3f2a1b0c-9d8e-4f7a-b6c5-d4e3f2a1b0c9',
    'notion:API-retrieve-a-comment',
  ),
  Q('who has an account in our notion? all users pls', 'notion:API-get-users'),
  A('who is notion user 6b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e?', 'notion:API-get-user'),
  Q('which integration is this notion token connected as?', 'notion:API-get-self'),
  A('change the icon of the Roadmap page to 🚀', 'notion:API-patch-page'),
  A('use https://images.example.com/cover.jpg as cover of the Team page in notion', 'notion:API-patch-page'),
  A(
    'replace the whole content of notion page d4e5f6a7-b8c9-4d0e-a1f2-b3c4d5e6f7a8 with: # Agenda\n- intro\n- demo',
    'notion:API-update-page-markdown',
  ),
  A("in the notion Style guide change every 'colour' into 'color'", 'notion:API-update-page-markdown'),
  A('tick the to-do block 77aa88bb-99cc-4dde-8eff-001122334455 as done', 'notion:API-update-a-block'),
  A('delete paragraph block 9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f from that page', 'notion:API-delete-a-block'),
  A('get notion block 1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b, what type is it', 'notion:API-retrieve-a-block'),
  A(
    "value of the 'Estimate' property on notion page 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d?",
    'notion:API-retrieve-a-page-property',
    'notion:API-retrieve-a-page',
  ),
  A(
    'who created notion page 4c3b2a19-0f8e-4d7c-a6b5-c4d3e2f1a0b9 and when was it last edited',
    'notion:API-retrieve-a-page',
  ),
  A(
    "export the notion page 'Retro Nov' as markdown so i can paste it into github",
    'notion:API-retrieve-page-markdown',
  ),
  A("share the notion page 'Q1 OKRs' with the guest ana@partner.io"),
  A('restore yesterday’s version of the Roadmap page in notion, someone broke it'),
  Q('export our whole notion workspace as PDF'),
  A('lock the Handbook page so nobody can edit it'),
  Q('who viewed my notion page this week?'),

  // browser: playwright and puppeteer
  A('open https://staging.acme.io/login in the browser', ...GOTO),
  A('puppeteer go to https://example.com/pricing', ...GOTO),
  Q('take me back to the previous page in the browser, the one before this', 'playwright:browser_navigate_back'),
  Q('close the browser, we are done', 'playwright:browser_close'),
  A('make the browser viewport 1440 by 900', 'playwright:browser_resize'),
  Q('any errors in the js console on this page?', 'playwright:browser_console_messages'),
  A(
    'save all console warnings since the start of the session to console.log.txt',
    'playwright:browser_console_messages',
  ),
  A("accept the 'Are you sure you want to leave?' popup", 'playwright:browser_handle_dialog'),
  A("the prompt dialog wants a name, answer 'test-user-01'", 'playwright:browser_handle_dialog'),
  Q('switch the page to dark mode, I want to check the contrast', 'playwright:browser_emulate_media'),
  Q('show the page the way it would print', 'playwright:browser_emulate_media'),
  A('Emulate prefers-reduced-motion: reduce and check the carousel stops', 'playwright:browser_emulate_media'),
  A("run document.querySelectorAll('img:not([alt])').length on the page", ...RUN_JS),
  A('execute `localStorage.clear()` in the page', ...RUN_JS),
  A(
    "run this playwright snippet: await page.getByRole('tab', { name: 'Billing' }).click()",
    'playwright:browser_run_code_unsafe',
  ),
  A('upload ~/Downloads/invoice_0042.pdf with the file chooser', 'playwright:browser_file_upload'),
  A("drop /tmp/photo.jpg onto the 'Drag files here' zone", 'playwright:browser_drop'),
  A("is the text 'Out of stock' anywhere on this page?", 'playwright:browser_find'),
  A(
    'fill the signup form: name Lea Dubois, email lea@example.fr, password Hunter2!',
    'playwright:browser_fill_form',
    'playwright:browser_type',
    'puppeteer:puppeteer_fill',
  ),
  A('fill #email with qa+1@acme.io', ...TYPE),
  A("type 'wireless headphones' in the search box and hit enter", ...TYPE),
  A('hit ctrl+enter to submit the comment box', 'playwright:browser_press_key'),
  A('which api calls did the page make? only the /api/ ones', 'playwright:browser_network_requests'),
  A('headers of network request 7, only the response ones', 'playwright:browser_network_request'),
  A('screenshot only the pricing table, save as pricing.png', ...SHOT),
  A('take a 1280x720 screenshot named homepage-hero', ...SHOT),
  Q('what is on the screen right now? let me see the page', ...SHOT, 'playwright:browser_snapshot'),
  Q('grab an accessibility snapshot of the current page', 'playwright:browser_snapshot'),
  A("click the 'Accept cookies' button", ...CLICK),
  A("double-click the row 'Invoice #2231'", 'playwright:browser_click'),
  A("right click the file 'q3.xlsx' in the web file manager", 'playwright:browser_click'),
  A("drag the card 'Fix header' from To Do into the Done column", 'playwright:browser_drag'),
  Q('hover over the profile avatar so the menu shows', ...HOVER),
  A('hover .nav-item:nth-child(3)', ...HOVER),
  A("pick 'Germany' in the country dropdown", ...SELECT),
  A("select value 'EUR' in select#currency", ...SELECT),
  A('open https://docs.acme.io in a new tab', 'playwright:browser_tabs'),
  Q('list the open tabs', 'playwright:browser_tabs'),
  A("wait until 'Payment successful' shows up", 'playwright:browser_wait_for'),
  A('wait 5 seconds for the animation, then continue', 'playwright:browser_wait_for'),
  A('record a video of the whole checkout flow on staging.acme.io'),
  Q('install the React DevTools extension in the browser'),
  A('run a Lighthouse performance audit on https://acme.io'),
  Q('clear my chrome history from last week'),

  // maps
  A('coordinates of 1600 Amphitheatre Pkwy, Mountain View', 'maps:maps_geocode'),
  A('lat/long of the Eiffel Tower pls', 'maps:maps_geocode'),
  A('what address is at 48.8584, 2.2945?', 'maps:maps_reverse_geocode'),
  A('coffee shops near Alexanderplatz Berlin within 500 m', ...NEARBY),
  A('is there a pharmacy near 52 Rue de Rivoli open now?', ...NEARBY),
  A('details for place_id ChIJrTLr-GyuEmsRBfy61i59si0: rating, website, opening hours', 'maps:maps_place_details'),
  A('how long does it take to drive from Porto to Lisbon?', ...ROUTE),
  A(
    'travel times from our offices in Austin, Denver and Boise to the Salt Lake City venue',
    'maps:maps_distance_matrix',
  ),
  A('walking directions from Shibuya station to Meiji Jingu', 'maps:maps_directions'),
  A('bike route Amsterdam Centraal -> Vondelpark', 'maps:maps_directions'),
  A('how high above sea level is Zermatt? 46.0207, 7.7491', 'maps:maps_elevation'),
  A('elevation for 39.74,-104.99 and 39.55,-105.78', 'maps:maps_elevation'),
  A('save the route to the Porto venue for offline use on my phone'),
  A('show me a street view picture of 10 Downing St'),
  A('share my live location with Sam for the next hour'),
  A('draw a 3 km delivery zone around 221B Baker Street on a map and export it as png'),

  // brave
  A("search the web for 'vite 6 migration guide breaking changes'", WEB),
  A('latest news on EU AI Act enforcement', WEB),
  Q('google this error for me', WEB),
  A('look up online what ERR_SSL_VERSION_OR_CIPHER_MISMATCH means', WEB),
  A('recent blog posts comparing bun vs deno in 2026', WEB),
  A('best rated ramen around Union Square SF', ...NEARBY),
  A('find me a 24h locksmith in Leeds, need a phone number', ...NEARBY),

  // postgres
  A("SELECT count(*) FROM orders WHERE created_at > now() - interval '1 day'", SQL),
  A('\\d users   -- what columns are on the users table', SQL),
  A('how many signups did we get per week in november? table public.accounts', SQL),
  A('top 10 customers by revenue, table invoices(customer_id, amount)', SQL),
  A('what tables exist in the analytics schema?', SQL),
  A('check for duplicate emails in the users table', SQL),
  A('explain select * from events where tenant_id = 42, is it using the index?', SQL),
  A("UPDATE users SET plan = 'pro' WHERE id = 991"),
  A('create index concurrently on events(tenant_id)'),
  Q('pg_dump the prod database to a file'),
  A('insert a row into feature_flags: new_checkout = true'),

  // everart
  A('generate an image of a cosy reading nook with rain outside, watercolor', IMAGE),
  A("make me a vector logo for 'Floe': minimal ice floe shape, blue", IMAGE),
  A('4 photorealistic product shots of a matte black water bottle on marble', IMAGE),
  Q('i need an illustration for the blog header', IMAGE),
  A('draw a cartoon cat wearing a hard hat for our 404 page', IMAGE),
  A('ultra quality render: isometric city at night, neon, flux ultra', IMAGE),
  A('upscale logo.png to 4k without losing the sharp edges'),
  Q('make a 10 second video clip of waves on a beach'),

  // everything (test server)
  A("echo 'hello from the harness'", 'everything:echo'),
  A('add 17.5 and 24.25', 'everything:get-sum'),
  Q('print all env vars of the mcp server', 'everything:get-env'),
  A("is MCP_API_KEY set in the server's environment?", 'everything:get-env'),
  Q('give me the tiny MCP logo image', 'everything:get-tiny-image'),
  A('gzip https://example.com/data/report.csv and give me a link to it', 'everything:gzip-file-as-resource'),
  Q('enable the random-level fake logging on the test server', 'everything:toggle-simulated-logging'),
  Q('stop the fake resource subscription updates', 'everything:toggle-subscriber-updates'),
  A(
    'start a long running operation, 30 seconds in 6 steps, with progress',
    'everything:trigger-long-running-operation',
  ),
  A("simulate a research query on 'solid-state batteries 2026'", 'everything:simulate-research-query'),
  A('return 5 resource links', 'everything:get-resource-links'),
  A('get a reference to blob resource 7', 'everything:get-resource-reference'),
  A('structured content for Chicago together with its output schema', 'everything:get-structured-content'),
  A('demo an annotated error message, include the image', 'everything:get-annotated-message'),

  // nothing in the registry does these
  A('send an email to hr@acme.io asking about my leave balance'),
  A('add "1:1 with Noor" to my google calendar thursday 3pm'),
  Q('order a large margherita pizza to the office'),
  Q('play some lofi on spotify'),
  A('text my mom im running 20 min late'),
  A('transfer 200 euros to my savings account'),
  A('sudo systemctl restart nginx on prod-web-2'),
  A('kubectl get pods -n payments'),
  A("create a Jira ticket in PAY: 'refund webhook retries forever'"),
  Q('start a zoom meeting with the design team'),
  A('print quarterly-report.pdf on the 3rd floor printer'),
  A('rotate the aws access keys for the ci-deployer user'),
  A("git commit -am 'wip: auth refactor'"),
  Q('git stash my changes'),
  A('compile main.c with gcc -O2 and run it'),
  A('convert slides.pptx to pdf'),
  A('translate this to japanese: "the meeting moved to friday"'),
];
