// The SIXTH HELD-OUT set of the search evaluation: written on 2026-12-03 from ~14:28 UTC, blind to the ranker (its
// code, its scores on the earlier sets, the evaluation's scoring code and the notes about the ranker were not read)
// and before any change to the ranker that follows it, in its own commit, without running the ranker or the
// evaluation on it; none of its queries repeats one of the earlier sets (tuning, held-out 1 to 5), checked
// mechanically. It is phrased the way people type requests to a coding or desktop assistant, which a model then
// passes on to the tool search: terse commands, chatty questions, shell/git/gh/glab/psql habits, many requests put
// by their goal rather than in the tools' own words, non-native English, a typo or odd casing now and then, from two
// words to two sentences, and mostly with real arguments (file names, paths, people, ids, issue numbers, channels,
// URLs, SQL, repos, quoted text, coordinates, sizes). It is spread over the 14 servers of the registry roughly by
// their tool counts, every server at least six times, and each answerable query is labelled with every tool of the
// registry that does what is asked, read from the tools' descriptions and parameters. No tool named: nothing in the
// registry can do it; many of those are near misses, close to a server's domain but beyond what its listed tools do
// (deleting or grepping files, listing GitHub branches, merging a GitLab merge request, searching or editing Slack
// messages, sharing a Notion page, writing with the read-only SQL tool, editing an existing image …), the rest plainly
// unrelated. It is run once, with `npm run eval:search -- --held-out`, when the tuning it holds out is over. Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
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
const NEARBY = ['maps:maps_search_places', 'brave:brave_local_search'];
const ROUTE = ['maps:maps_directions', 'maps:maps_distance_matrix'];
const NOTION_READ = ['notion:API-retrieve-page-markdown', 'notion:API-get-block-children'];
const NOTION_APPEND = ['notion:API-patch-block-children', 'notion:API-update-page-markdown'];
const NOTION_SCHEMA = ['notion:API-retrieve-a-data-source', 'notion:API-retrieve-a-database'];
const GH_FILE_WRITE = ['github:create_or_update_file', 'github:push_files'];
const GH_PR_TALK = ['github:add_issue_comment', 'github:create_pull_request_review'];
const GH_ISSUES = ['github:list_issues', 'github:search_issues'];
const GH_PRS = ['github:list_pull_requests', 'github:search_issues'];

export const HELD_OUT_6_QUERIES: LabelledQuery[] = [
  // filesystem
  A('less server/config/production.yaml', ...READ),
  A('what does packages/ui/README.md say about theming?', ...READ),
  A('i think the crash is near the end of /var/log/floe/host.log, can u check the last 100 lines', ...READ),
  A(
    'put tsconfig.json and tsconfig.build.json side by side, why do they differ',
    'filesystem:read_multiple_files',
    ...READ,
  ),
  A(
    'load src/api/client.ts, src/api/errors.ts and src/api/retry.ts, I want to refactor them together',
    'filesystem:read_multiple_files',
    ...READ,
  ),
  A('look at screenshots/bug-4411.png and tell me what the error dialog says', 'filesystem:read_media_file'),
  A('save these meeting notes as notes/2026-12-03-retro.md', 'filesystem:write_file'),
  A('in src/config.ts change the default timeout from 30_000 to 45_000', 'filesystem:edit_file'),
  A('fix the typo "recieve" -> "receive" in docs/guide.md', 'filesystem:edit_file'),
  A('preview the diff of replacing http:// with https:// in links.md, dont save it yet', 'filesystem:edit_file'),
  A(
    'set up folders for the new service: services/billing/src and services/billing/test',
    'filesystem:create_directory',
  ),
  A('ls -la ./scripts', ...LIST),
  A('pls show me wat is inside src/components', ...LIST, 'filesystem:directory_tree'),
  A('what is eating all the space in ~/Videos', 'filesystem:list_directory_with_sizes'),
  A('show the whole tree of the e2e directory, ignore fixtures', 'filesystem:directory_tree'),
  A('rename utils/helpers.js to utils/string-helpers.js', 'filesystem:move_file'),
  A('where is the jest config? i cant find it anywhere', 'filesystem:search_files'),
  A('how big is data/export.parquet and when was it created', 'filesystem:get_file_info'),
  Q('what directories are you able to see on my machine', 'filesystem:list_allowed_directories'),
  // filesystem: no tool
  A('delete coverage/ and dist/ before the build'),
  A('grep for "apiKey" inside all the config files'),
  A('change the owner of /srv/uploads to www-data'),
  A('watch src/ and tell me whenever a file changes'),
  A('restore notes.md to how it was yesterday'),
  Q('clear out my Downloads folder, its full of junk'),

  // everything (the MCP test server)
  A('echo "ping 42" back to me', 'everything:echo'),
  A('add 0.1 and 0.2 with the sum tool', 'everything:get-sum'),
  Q('dump the environment variables of the test server', 'everything:get-env'),
  A('is ANTHROPIC_BASE_URL set in the mcp server env?', 'everything:get-env'),
  Q('give me the small mcp icon image', 'everything:get-tiny-image'),
  A('what does a "debug" message with annotations look like', 'everything:get-annotated-message'),
  A('need 3 sample resource links to test my client', 'everything:get-resource-links'),
  A('get a reference to blob resource #12', 'everything:get-resource-reference'),
  A('structured content for Los Angeles, with its output schema', 'everything:get-structured-content'),
  A("gzip this as a file named hello.txt.gz: 'hello hello hello'", 'everything:gzip-file-as-resource'),
  Q('turn the random fake log messages on', 'everything:toggle-simulated-logging'),
  Q('stop the simulated resource update notifications', 'everything:toggle-subscriber-updates'),
  A(
    'kick off a long job, 20 seconds in 4 steps, so I can watch the progress bar',
    'everything:trigger-long-running-operation',
  ),
  A('do a simulated deep research run on "solid-state batteries"', 'everything:simulate-research-query'),

  // memory
  A('remember that Priya is the on-call lead for payments in December', ...REMEMBER),
  A('note for later: the staging db password rotates every 90 days', ...REMEMBER),
  Q('keep in mind that I prefer pnpm over npm for all my projects', ...REMEMBER),
  A('Marco works at Acme and reports to Dana, store that', 'memory:create_relations', ...REMEMBER),
  A('link "checkout-service" to "orders-db" with the relation depends_on', 'memory:create_relations'),
  A('plz forgot everything about Project Falcon', 'memory:delete_entities'),
  A('Priya isnt on call anymore, remove that fact about her', 'memory:delete_observations'),
  A('Marco no longer reports to Dana, drop that link', 'memory:delete_relations'),
  A('what do you remember about my dentist appointment?', ...RECALL),
  A('pull up what you saved on "prod-eu cluster"', ...RECALL),
  Q('show me everything in your memory', 'memory:read_graph'),
  Q('what have you learned about me so far?', ...RECALL),

  // thinking
  Q('think step by step before answering this one, its tricky', THINK),
  A('help me reason through whether we should shard the users table or add read replicas first', THINK),
  Q('break the problem into steps and revise as you go', THINK),
  A('plan the move from Webpack 4 to Vite carefully, one step at a time, and consider what could go wrong', THINK),
  Q('work through it slowly, thought by thought, and go back if something doesnt add up', THINK),
  A('3 switches, one bulb in another room, you can go there once. walk me through the logic', THINK),

  // github
  A('gh issue create -R acme/web --title "Login button misaligned on Safari"', 'github:create_issue'),
  A('file a bug in octo-org/api: 500 on POST /v2/orders when the cart is empty, assign lena-k', 'github:create_issue'),
  A('gh issue list --repo acme/web --label bug --state open', ...GH_ISSUES),
  A('any new issues in facebook/react since monday?', ...GH_ISSUES),
  A('show me issue #2817 in vercel/next.js', 'github:get_issue'),
  A('close #88 in acme/infra, the last deploy fixed it', 'github:update_issue'),
  A(
    'tell the reporter of acme/web#1190 that we cant reproduce it and need their browser version',
    'github:add_issue_comment',
  ),
  A('search github for issues mentioning ECONNRESET in node-fetch/node-fetch', 'github:search_issues'),
  A('which open issues in denoland/deno have the most thumbs up', 'github:search_issues'),
  A('find repos about "rust wasm game engine" with lots of stars', 'github:search_repositories'),
  A('is anyone on github using createBrowserRouter together with defer()? show me code', 'github:search_code'),
  A('find github people in Lisbon who write Elixir', 'github:search_users'),
  A('gh repo create floe-plugins --private', 'github:create_repository'),
  A('fork sindresorhus/got into our org floe-labs', 'github:fork_repository'),
  A('How I can make new brach hotfix/1.4.2 from main in github repo acme/web', 'github:create_branch'),
  A('git log --oneline origin/main for acme/infra', 'github:list_commits'),
  A('show me src/app.tsx of acme/web on main', 'github:get_file_contents'),
  A("what's at the top level of the kubernetes/kubernetes repo", 'github:get_file_contents'),
  A('update the README of acme/docs on main with this install section, commit msg "docs: install"', ...GH_FILE_WRITE),
  A(
    'commit theme.ts, colors.ts and index.css to acme/web branch feat/dark-mode, all in one commit',
    'github:push_files',
  ),
  A('gh pr create --base main --head feat/dark-mode -R acme/web --title "Dark mode"', 'github:create_pull_request'),
  A('gh pr list -R acme/web --state open', ...GH_PRS),
  A('details of PR 512 in acme/web please', 'github:get_pull_request'),
  A('which files does acme/web#530 touch?', 'github:get_pull_request_files'),
  A('are the checks green on pull 530 in acme/web', 'github:get_pull_request_status'),
  A('approve acme/web PR 530, LGTM', 'github:create_pull_request_review'),
  A('request changes on octo-org/api#77: missing tests for the retry path', 'github:create_pull_request_review'),
  A('leave a note on PR 77 in octo-org/api that I will review it tomorrow', ...GH_PR_TALK),
  A(
    'what did the reviewers think of acme/web pull 530',
    'github:get_pull_request_reviews',
    'github:get_pull_request_comments',
  ),
  A('squash and merge acme/web#530', 'github:merge_pull_request'),
  A('PR 530 in acme/web is behind main, bring it up to date', 'github:update_pull_request_branch'),
  Q('what PRs are waiting for my review on github', 'github:search_issues'),
  // github: no tool
  A('delete the repo acme/old-prototype'),
  A('cut a v3.1.0 release of acme/sdk with the changelog as notes'),
  A('rerun the failed GitHub Actions job on acme/web PR 530'),
  A('list all the branches in acme/web'),
  A('give ravi-s write access to acme/infra'),
  A('delete the merged branch feat/dark-mode on github'),
  Q('show my github notifications'),

  // gitlab
  A('open an issue in gitlab project 4821: "CI cache not restored on arm runners"', 'gitlab:create_issue'),
  A('glab issue create -t "Flaky test in auth_spec" -R group/backend', 'gitlab:create_issue'),
  A('glab mr create --source-branch feature/sso --target-branch main -R platform/web', 'gitlab:create_merge_request'),
  A('raise a merge request on gitlab from fix-ldap into develop, mark it as draft', 'gitlab:create_merge_request'),
  A('on gitlab, cat the .gitlab-ci.yml of infra/terraform-modules', 'gitlab:get_file_contents'),
  A('search gitlab for projects called helm-charts', 'gitlab:search_repositories'),
  A('new gitlab project data-pipelines, internal visibility, with a readme', 'gitlab:create_repository'),
  A('fork the inkscape project on gitlab to my own namespace', 'gitlab:fork_repository'),
  A('branch off release-14 in gitlab project 993 as hotfix-14.0.1', 'gitlab:create_branch'),
  A(
    'update CONTRIBUTING.md in the gitlab repo docs/handbook on main, commit message "fix typo"',
    'gitlab:create_or_update_file',
  ),
  A('push deploy.yaml, svc.yaml and ingress.yaml to gitlab project ops/k8s on branch staging', 'gitlab:push_files'),
  A(
    'open a ticket in our backend repo: "rate limiter ignores X-Forwarded-For"',
    'github:create_issue',
    'gitlab:create_issue',
  ),
  // gitlab: no tool
  A('glab mr list --state opened -R platform/web'),
  A('merge MR !214 in gitlab project platform/web'),
  A('comment on gitlab issue #57 that the fix is deployed'),
  A('why did the last gitlab pipeline on main fail?'),
  A('close gitlab issue 312 in group/backend'),
  Q('show me the gitlab issues assigned to me'),

  // slack
  A('let #deploys know the 2.4.0 rollout finished without errors', 'slack:slack_post_message'),
  A('post "standup moved to 10:30 today" in #team-core', 'slack:slack_post_message'),
  Q('ping the team on slack that the hotfix is live', 'slack:slack_post_message'),
  A('reply "on it" in thread 1733221234.000200 of channel C0452ABCD', 'slack:slack_reply_to_thread'),
  A("answer Tom's question in the #help thread: the VPN config is on the wiki", 'slack:slack_reply_to_thread'),
  A('react with :white_check_mark: to message 1733224400.001100 in C01QA7Z', 'slack:slack_add_reaction'),
  A('thumbs-up the last message in #releases', 'slack:slack_add_reaction'),
  A('what have people been saying in #incidents in the last hour', 'slack:slack_get_channel_history'),
  A('read all the replies under the outage thread 1733100000.000900 in #ops', 'slack:slack_get_thread_replies'),
  Q('which slack channels do we even have?', 'slack:slack_list_channels'),
  Q('list everybody in our slack with their names', 'slack:slack_get_users'),
  A("what's U024BE7LH's title and timezone on slack", 'slack:slack_get_user_profile'),
  // slack: no tool
  A('search slack for "invoice 7731"'),
  A('delete my last message in #general, it had a typo'),
  A('edit what I posted in #random to say 3pm instead of 2pm'),
  A('set my slack status to "in a meeting" until 4'),
  A('make a new slack channel #proj-aurora and invite Kenji'),
  A('schedule a slack message for monday 9am in #team: "sprint starts"'),
  A('upload build-log.txt to #ci-failures'),

  // notion
  A('find the notion page called "Q3 OKRs"', 'notion:API-post-search'),
  A('open notion page 1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6 as markdown', 'notion:API-retrieve-page-markdown'),
  A('read me what the Incident runbook page in Notion says', ...NOTION_READ),
  A('what blocks are under block 9f8e7d6c-5b4a-4b3a-8c2d-111122223333', 'notion:API-get-block-children'),
  A('get notion block a1b2c3d4-1111-4222-8333-444455556666', 'notion:API-retrieve-a-block'),
  A(
    'change the text of to-do block 5c2e9a10-7d3b-4e8f-a1c2-3b4d5e6f7a8b to "ship v2 by Friday"',
    'notion:API-update-a-block',
  ),
  A(
    'remove the outdated paragraph block 0f0e0d0c-0b0a-4909-8807-060504030201 from the page',
    'notion:API-delete-a-block',
    'notion:API-update-a-block',
  ),
  A('append a bullet list of the action items to the notion page "Retro 12/03"', ...NOTION_APPEND),
  A('add "- [ ] renew SSL cert" at the end of my notion todo page', ...NOTION_APPEND),
  A(
    'replace the whole body of notion page 3f9a1c22b7e54d0e9a8f6b5c4d3e2f10 with this markdown',
    'notion:API-update-page-markdown',
  ),
  A('get the properties of notion page 3f9a1c22b7e54d0e9a8f6b5c4d3e2f10', 'notion:API-retrieve-a-page'),
  A(
    'what is the Status property on page 3f9a1c22b7e54d0e9a8f6b5c4d3e2f10 set to',
    'notion:API-retrieve-a-page-property',
    'notion:API-retrieve-a-page',
  ),
  A('set Status to Done and Owner to Aiko on the notion task "Renew domains"', 'notion:API-patch-page'),
  A('trash the notion page "Old pricing draft"', 'notion:API-patch-page', 'notion:API-delete-a-block'),
  A('create a notion page "Vendor review 2026" under Procurement', 'notion:API-post-page'),
  A('log a bug in the notion Bugs database: "Crash on save", severity High', 'notion:API-post-page'),
  A('move "Draft: API v3" into the Engineering wiki in notion', 'notion:API-move-page'),
  A('what comments did people leave on the notion launch plan?', 'notion:API-retrieve-a-comment'),
  A('comment on the notion spec page: "please add the rollback section"', 'notion:API-create-a-comment'),
  A('in the Roadmap db, show me the items where Quarter = Q1 2027, sorted by priority', 'notion:API-query-data-source'),
  Q('list all the open tasks on my notion tasks board', 'notion:API-query-data-source'),
  A('what columns does the Candidates database in notion have?', ...NOTION_SCHEMA),
  A('rename the Stage property to "Pipeline stage" in the Candidates data source', 'notion:API-update-a-data-source'),
  A(
    'make a "Reading list" database in notion under my Home page with Title, Author and Status',
    'notion:API-create-a-data-source',
  ),
  A('which templates can I use in the Meeting notes database', 'notion:API-list-data-source-templates'),
  Q('who is in our notion workspace', 'notion:API-get-users'),
  A('get notion user 6d4f2b1a-9c8e-4d7f-b6a5-0e1d2c3b4a59', 'notion:API-get-user'),
  Q('which integration am I connected to notion as?', 'notion:API-get-self'),
  // notion: no tool
  A('share the notion page "Board deck" with investor@fund.vc, view only'),
  A('export the whole notion wiki to PDF'),
  A('duplicate the "Sprint template" page in notion'),
  A('bring back the version of the Pricing page from last tuesday'),
  Q('turn on dark mode in the notion app'),

  // browser (playwright, puppeteer)
  A('go to https://staging.acme.io/login', ...GOTO),
  A('screenshot the whole page, full length, as jpeg', 'playwright:browser_take_screenshot'),
  A('grab a screenshot of just the #pricing-table element', ...SHOT),
  Q('SCREENSHOT THE PAGE', ...SHOT),
  A('click "Accept cookies"', ...CLICK),
  A('double-click the row named report.csv', 'playwright:browser_click'),
  A('enter hello@floe.dev in the Email input', ...TYPE),
  A('fill the signup form: name Ada Lovelace, email ada@example.com, password hunter2!', ...TYPE),
  A('pick Germany in the country dropdown', ...SELECT),
  A('hover over the avatar so the menu shows up', ...HOVER),
  A('drag the card "Fix login" over to the Done column', 'playwright:browser_drag'),
  Q('hit the ESC key to dismiss the modal', 'playwright:browser_press_key'),
  Q('navigate back to the previous page pls', 'playwright:browser_navigate_back'),
  A('make the browser window 390x844 like an iPhone', 'playwright:browser_resize'),
  Q('what errors are showing in the browser console?', 'playwright:browser_console_messages'),
  Q('which API calls did the page make while loading?', 'playwright:browser_network_requests'),
  A('show me the response body of request #14', 'playwright:browser_network_request'),
  A('run document.querySelectorAll("img").length on the page', ...RUN_JS),
  Q('accept the "are you sure?" popup', 'playwright:browser_handle_dialog'),
  A('the page prompt asks for a name, enter test-user and OK it', 'playwright:browser_handle_dialog'),
  Q('check how the site looks with the dark color scheme', 'playwright:browser_emulate_media'),
  A('upload ~/Documents/passport.pdf to the file picker that just opened', 'playwright:browser_file_upload'),
  A('drag invoice.pdf from my disk onto the dropzone', 'playwright:browser_drop'),
  Q('give me the accessibility tree of this page', 'playwright:browser_snapshot'),
  A('is "Out of stock" written anywhere on the page?', 'playwright:browser_find', 'playwright:browser_snapshot'),
  A('wait until "Payment successful" shows up', 'playwright:browser_wait_for'),
  A('open a new tab with https://news.ycombinator.com', 'playwright:browser_tabs'),
  Q('what tabs are open right now', 'playwright:browser_tabs'),
  Q('ok we are done, shut the browser', 'playwright:browser_close'),
  A('with a playwright snippet, route /api/* to answer 503', 'playwright:browser_run_code_unsafe'),
  A('with puppeteer open https://example.org, headless false', 'puppeteer:puppeteer_navigate'),
  A('puppeteer: click #submit-btn', 'puppeteer:puppeteer_click'),
  A('take a 1280x720 screenshot named home-hero', 'puppeteer:puppeteer_screenshot'),
  A("set input[name='q'] to wasm", ...TYPE),
  A("choose value 'eur' in select#currency", ...SELECT),
  A('execute console.log(navigator.userAgent) in the browser', ...RUN_JS),
  // browser: no tool
  A('install the React DevTools extension in my Chrome'),
  A('bookmark https://tanstack.com/query in my Firefox'),
  Q('clear the history of my own Chrome, the one I browse with'),
  Q('make Firefox my default browser'),

  // maps
  A('coordinates of Alexanderplatz 1, Berlin', 'maps:maps_geocode'),
  A('which street is 52.5163, 13.3777 on', 'maps:maps_reverse_geocode'),
  A('ramen places near Shibuya station', ...NEARBY),
  A('is there a pharmacy near 40.7411,-73.9897', ...NEARBY),
  A('opening hours and phone of place ChIJN1t_tDeuEmsRUsoyG83frY4', 'maps:maps_place_details'),
  A('how do I get from Gare du Nord to Orly by public transport', 'maps:maps_directions'),
  A('drive time Denver → Boulder?', ...ROUTE),
  A(
    'walking times from our offices on Market St, Mission St and Folsom St to Moscone Center',
    'maps:maps_distance_matrix',
    'maps:maps_directions',
  ),
  A('elevation at 46.5575, 7.9853?', 'maps:maps_elevation'),
  A('bike route from Vondelpark to Amsterdam Centraal', 'maps:maps_directions'),
  Q('how far is it by car from home to the office', ...ROUTE),
  // maps: no tool
  A('save Café Lumen to my Google Maps favourites'),
  A('share my live location with Ben for an hour'),
  A('download offline maps of Iceland to my phone'),
  A('book a table for 4 at Trattoria Roma tonight at 8'),

  // brave
  A('search the web for "node 22 LTS end of life"', 'brave:brave_web_search'),
  A('look up what CVE-2024-3094 was about', 'brave:brave_web_search'),
  A('who won the champions league final in 2026', 'brave:brave_web_search'),
  A('find some articles comparing bun vs deno performance', 'brave:brave_web_search'),
  A('whats the latest on the EU AI Act', 'brave:brave_web_search'),
  A('google the error ERR_REQUIRE_ESM and tell me the fix', 'brave:brave_web_search'),
  A('next 10 results for "kubernetes operator tutorial", skip the first 10', 'brave:brave_web_search'),
  A('any good vegan bakery in Porto?', ...NEARBY),
  A('car repair shops near 94110 with good reviews', ...NEARBY),

  // postgres
  A("SELECT count(*) FROM orders WHERE created_at > now() - interval '7 days'", 'postgres:query'),
  A('psql \\d users', 'postgres:query'),
  A('how many people signed up yesterday? its in the users table', 'postgres:query'),
  A('pull revenue by month for 2025 out of the invoices table', 'postgres:query'),
  Q('which tables does our postgres have', 'postgres:query'),
  A('EXPLAIN ANALYZE SELECT * FROM events WHERE user_id = 4217', 'postgres:query'),
  Q('top 10 customers by lifetime spend, from the db', 'postgres:query'),
  A('is there an index idx_orders_user_id? check pg_indexes', 'postgres:query'),
  // postgres: no tool
  A("UPDATE users SET plan = 'pro' WHERE id = 981"),
  A('insert a test row into products: sku TEST-1, price 9.99'),
  A('drop table tmp_import_2025'),
  A('add a NOT NULL column region to accounts'),
  A('make a backup of the prod database into backups/2026-12-03.dump'),
  Q('vacuum the database, it got slow'),

  // everart
  A('generate an image of a fox reading a book in a cozy library, watercolor', 'everart:generate_image'),
  A('I need a vector logo for "Floe", a minimal ice shard in blue', 'everart:generate_image'),
  A('make 4 photorealistic product shots of a matte black water bottle', 'everart:generate_image'),
  A('draw a banner for the blog post about caching, flat style', 'everart:generate_image'),
  Q('create some artwork I can use as my profile pic', 'everart:generate_image'),
  A('ai picture: cyberpunk street at night with neon signs in korean', 'everart:generate_image'),
  // everart: no tool
  A('cut out the background of team/kenji.jpg'),
  A('upscale banner.png to 4k'),
  A('turn cover.png into a 10 second animated video'),

  // unrelated: no tool
  A('email the Q4 report to cfo@acme.com'),
  A('put a meeting with Lars on thursday 3pm in my calendar'),
  A('remind me in 20 minutes to stretch'),
  Q('dim the bedroom lights to 30%'),
  A('docker compose restart api worker'),
  Q('run npm test and tell me what fails'),
  A('refund the charge ch_3Nx9Lm on stripe'),
  A('text +1 415 555 0134 "running 10 min late"'),
  A('send "build is green" to the #general channel on Discord'),
  A('post the release notes in the Engineering channel on Microsoft Teams'),
  A('move JIRA ticket PAY-341 to In Review'),
  Q('book me the cheapest flight to Madrid next friday'),
];
