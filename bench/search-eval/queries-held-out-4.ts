// The FOURTH HELD-OUT set of the search evaluation (issue 20): written on 2026-12-03 at ~11:35 UTC, in its own
// commit, before any change to the ranker of this round and without running the ranker on it; none of its queries
// repeats one of the earlier sets (tuning, held-out 1 to 3). It is phrased as people type requests to an assistant
// (terse commands, chatty questions, gh/git/psql/shell habits, indirect goals, non-native English, a typo now and
// then; mostly with real arguments: file names, paths, people, ids, channels, URLs, SQL, repos, quoted text), spread
// over the 14 servers of the registry roughly by their tool counts, and labelled with every tool of the registry that
// does what is asked; no tool named: nothing in the registry can do it (several of those are near misses, close to
// a server's domain but beyond its tools). `npm run eval:search -- --held-out` runs it, once, when tuning is over.
// Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
const LIST = ['filesystem:list_directory', 'filesystem:list_directory_with_sizes'];
const NAVIGATE = ['playwright:browser_navigate', 'puppeteer:puppeteer_navigate'];
const SCREENSHOT = ['playwright:browser_take_screenshot', 'puppeteer:puppeteer_screenshot'];
const CLICK = ['playwright:browser_click', 'puppeteer:puppeteer_click'];
const TYPE = ['playwright:browser_type', 'puppeteer:puppeteer_fill'];
const JS = ['playwright:browser_evaluate', 'puppeteer:puppeteer_evaluate', 'playwright:browser_run_code_unsafe'];
const LOCAL = ['maps:maps_search_places', 'brave:brave_local_search'];
const RECALL = ['memory:search_nodes', 'memory:open_nodes', 'memory:read_graph'];
const REMEMBER = ['memory:create_entities', 'memory:add_observations'];
const NOTION_PAGE = ['notion:API-retrieve-a-page', 'notion:API-retrieve-page-markdown'];
const NOTION_APPEND = ['notion:API-patch-block-children', 'notion:API-update-page-markdown'];

export const HELD_OUT_4_QUERIES: LabelledQuery[] = [
  // filesystem
  A('head -n 40 server/config.ts', ...READ),
  A('show me only the final 100 lines of logs/worker.log pls', ...READ),
  A('I need to know whether tsconfig.json has strict turned on', ...READ),
  A('compare package.json and package-lock.json side by side', 'filesystem:read_multiple_files', ...READ),
  A('echo "node_modules/" > .gitignore', 'filesystem:write_file'),
  A('in the Dockerfile replace FROM node:18 with FROM node:22', 'filesystem:edit_file'),
  A('sed -i "s/localhost/db.internal/" config/database.yml', 'filesystem:edit_file'),
  A('Please to create the directory data/raw/2026 for me', 'filesystem:create_directory'),
  A('ls -la /opt/app', ...LIST),
  A('tree -L 3 apps/web', 'filesystem:directory_tree'),
  A('rename utils.js to helpers.js', 'filesystem:move_file'),
  A('find . -name "*.sql"', 'filesystem:search_files'),
  A('where did I put budget-2025.xlsx? its somewhere in Documents', 'filesystem:search_files'),
  A('how big is backup.tar and what are its permissions', 'filesystem:get_file_info'),
  A('let me see screenshot-final.png', 'filesystem:read_media_file'),
  A('look in ~/projects and tell me which subfolders there are', ...LIST, 'filesystem:directory_tree'),
  Q('what paths is the file server allowed to access?', 'filesystem:list_allowed_directories'),
  Q('show me the directory tree of this project', 'filesystem:directory_tree'),
  Q('list this folder with the size of every entry', 'filesystem:list_directory_with_sizes'),
  Q('rename a file for me', 'filesystem:move_file'),
  Q('find a file by name somewhere on disk', 'filesystem:search_files'),
  Q('change a few lines in a file without rewriting all of it', 'filesystem:edit_file'),

  // memory (knowledge graph)
  A('remember I prefer tabs over spaces', ...REMEMBER),
  A('pls rember that our staging db runs on port 5433', ...REMEMBER),
  A('add Carlos Mendez to your memory, he is a person who works at Stripe', 'memory:create_entities'),
  A('record that the mobile app depends on the auth-service', 'memory:create_relations', 'memory:add_observations'),
  A('what do u remember about project Orion', ...RECALL),
  A('search your memory for anything about "invoice"', 'memory:search_nodes'),
  A(
    'pull up the entities "Kubernetes Cluster" and "Helm Chart" from the graph',
    'memory:open_nodes',
    'memory:search_nodes',
  ),
  A('Tom left the company, wipe him from the knowledge graph', 'memory:delete_entities'),
  A("remove the observation 'vegetarian' from Anna", 'memory:delete_observations'),
  A('the relation Lucas works_at Initech is not true any more, delete it', 'memory:delete_relations'),
  Q('print the full knowledge graph with all the relations', 'memory:read_graph'),
  Q('so what have you learned about me until now?', ...RECALL),
  Q('one of the facts you stored is wrong, drop just that fact', 'memory:delete_observations'),

  // sequential thinking
  A(
    "let's think step by step about splitting this monolith into 4 services, and revise if something is off",
    'thinking:sequentialthinking',
  ),
  A('plan the database migration as a series of numbered thoughts, maybe 8 of them', 'thinking:sequentialthinking'),
  Q('use a structured chain of thought with branches before you answer', 'thinking:sequentialthinking'),
  Q('reason it through carefully, one thought at a time, before deciding', 'thinking:sequentialthinking'),

  // everything (the MCP reference server)
  A('echo back "hello from floe"', 'everything:echo'),
  A('what is 4821 + 977? use the sum tool', 'everything:get-sum'),
  A('gzip https://example.com/data.csv and hand me a resource link', 'everything:gzip-file-as-resource'),
  A('I need exactly 7 sample resource links from the test server', 'everything:get-resource-links'),
  A('fetch text resource number 4 as a resource reference', 'everything:get-resource-reference'),
  A('show an annotated message of type error, with an image', 'everything:get-annotated-message'),
  A('run the long running demo for 20 seconds in 4 steps', 'everything:trigger-long-running-operation'),
  A(
    'simulate a research query on "quantum error correction" and make it ambiguous',
    'everything:simulate-research-query',
  ),
  Q('show me the env vars the MCP server was started with', 'everything:get-env'),
  Q('toggle the subscription updates off', 'everything:toggle-subscriber-updates'),
  Q('enable the random-level log spam for testing', 'everything:toggle-simulated-logging'),
  Q('need a small png to test image rendering', 'everything:get-tiny-image'),
  Q('return some structured output that comes with an output schema', 'everything:get-structured-content'),

  // GitHub
  A('gh issue create -R acme/cli --title "panic on empty config"', 'github:create_issue'),
  A('gh issue list --repo hashicorp/terraform --label enhancement', 'github:list_issues', 'github:search_issues'),
  A('gh issue view 2287 -R pnpm/pnpm', 'github:get_issue'),
  A('reopen issue #41 in acme/backend on github', 'github:update_issue'),
  A('comment on github issue 513: "duplicate of #498"', 'github:add_issue_comment'),
  A('gh pr create --base develop --head feat/oauth --title "OAuth login"', 'github:create_pull_request'),
  A('gh pr merge 142 --rebase', 'github:merge_pull_request'),
  A('gh pr list -R remix-run/react-router --state closed', 'github:list_pull_requests', 'github:search_issues'),
  A('gh pr view 3001 --repo nestjs/nest', 'github:get_pull_request'),
  A('gh pr diff 77 --name-only', 'github:get_pull_request_files'),
  A('is the build red or green for pull request #512?', 'github:get_pull_request_status'),
  A('approve pull request 23 in acme/api with the comment "LGTM, ship it"', 'github:create_pull_request_review'),
  A('show me the review comments people left on the code in PR 48', 'github:get_pull_request_comments'),
  A('did anybody request changes on PR 600 of acme/web?', 'github:get_pull_request_reviews'),
  A('PR 91 is behind main, update its branch', 'github:update_pull_request_branch'),
  A('git log --oneline -20 for facebook/react main', 'github:list_commits'),
  A('gh repo create acme-landing --private', 'github:create_repository'),
  A('gh repo fork vercel/swr', 'github:fork_repository'),
  A('create a branch hotfix/2.3.1 off release/2.3 on github', 'github:create_branch'),
  A('what does .github/workflows/ci.yml look like in acme/api', 'github:get_file_contents'),
  A(
    'commit a fix to README.md on the docs branch of acme/site on github, message "fix typo"',
    'github:create_or_update_file',
    'github:push_files',
  ),
  A('push index.html, style.css and app.js to acme/landing on github in one go', 'github:push_files'),
  A('find me popular github repos for markdown parsing in rust', 'github:search_repositories'),
  A('search github code for "AWS_SECRET_ACCESS_KEY" in yaml files', 'github:search_code'),
  A('find github users in Nairobi who write Go', 'github:search_users'),
  A('search all of github for open issues mentioning "ERR_REQUIRE_ESM"', 'github:search_issues'),
  Q('check whether CI passed on my pull request', 'github:get_pull_request_status'),
  Q('post a code review on the open PR', 'github:create_pull_request_review'),
  Q('what files did this PR change?', 'github:get_pull_request_files'),
  Q('make a new github repository', 'github:create_repository'),
  Q('read a file from a repo on github', 'github:get_file_contents'),
  Q('search github issues and PRs', 'github:search_issues'),

  // GitLab
  A('open an issue in gitlab project 4410: "pipeline times out on arm64"', 'gitlab:create_issue'),
  A('gitlab: new MR from feature/i18n to develop in project mygroup/webapp', 'gitlab:create_merge_request'),
  A('fork gitlab-org/gitlab-runner on gitlab so I have my own copy', 'gitlab:fork_repository'),
  A('make a branch called spike/cache from main in gitlab project 230', 'gitlab:create_branch'),
  A('show the .gitlab-ci.yml of project 1177 on gitlab', 'gitlab:get_file_contents'),
  A(
    'set the version in VERSION to 3.2.0 in gitlab project 88 and commit it',
    'gitlab:create_or_update_file',
    'gitlab:push_files',
  ),
  A('search gitlab for projects named "helm-charts"', 'gitlab:search_repositories'),
  Q('raise an MR on our gitlab', 'gitlab:create_merge_request'),
  Q('create a new gitlab project', 'gitlab:create_repository'),

  // Slack
  A('post in #deploys: "v2.4.0 is live"', 'slack:slack_post_message'),
  A('can you let #support know the outage is resolved', 'slack:slack_post_message'),
  A('reply in thread 1718900000.001900 in #ops with "on it"', 'slack:slack_reply_to_thread'),
  A('whats the last 20 messages in #random', 'slack:slack_get_channel_history'),
  A('what did people answer in the thread about the offsite in #general', 'slack:slack_get_thread_replies'),
  A('get the slack profile of user U04XYZ123, I need her email', 'slack:slack_get_user_profile'),
  A('is there a #security channel on our slack', 'slack:slack_list_channels'),
  Q('gimme every channel name we have on slack', 'slack:slack_list_channels'),
  Q("who's in our slack workspace? need everyone's names", 'slack:slack_get_users'),
  Q('put a 👍 on that slack message', 'slack:slack_add_reaction'),

  // Notion
  A('look in notion for the "Engineering Handbook"', 'notion:API-post-search'),
  A('create a notion page "1:1 with Maya" under the Meetings page', 'notion:API-post-page'),
  A('pull notion page 3f1e9b2a as markdown', 'notion:API-retrieve-page-markdown'),
  A(
    'what is the value of the "Owner" property on notion page b21c',
    'notion:API-retrieve-a-page-property',
    'notion:API-retrieve-a-page',
  ),
  A('show me the notion page called Vacation Policy', 'notion:API-post-search', ...NOTION_PAGE),
  A('in notion page 66ef replace every "Q3" with "Q4"', 'notion:API-update-page-markdown'),
  A('append a checklist item "send invoice" to the notion page Finance', ...NOTION_APPEND),
  A('what is nested inside notion block 9a0b', 'notion:API-get-block-children'),
  A('fetch notion block d4e5 by its id', 'notion:API-retrieve-a-block'),
  A('change notion block 2b3c to say "Shipped on 3 Dec"', 'notion:API-update-a-block'),
  A('get rid of block c0ffee in notion', 'notion:API-delete-a-block'),
  A('move the notion page "Ideas 2025" to the trash', 'notion:API-patch-page', 'notion:API-delete-a-block'),
  A('show the comments on notion block 5f6a', 'notion:API-retrieve-a-comment'),
  A('add a comment "blocked on legal" on the notion page Vendor Contract', 'notion:API-create-a-comment'),
  A(
    'query the notion data source Sprint Board for tasks assigned to me that are In Progress',
    'notion:API-query-data-source',
  ),
  A(
    'what columns does notion database 7d8e have',
    'notion:API-retrieve-a-database',
    'notion:API-retrieve-a-data-source',
  ),
  A('add a "Due date" date property to the notion Projects data source', 'notion:API-update-a-data-source'),
  A('create a notion database "Reading List" with Title, Author and Status columns', 'notion:API-create-a-data-source'),
  Q('what templates does this notion database offer', 'notion:API-list-data-source-templates'),
  A('reparent notion page "Q1 Planning" so it sits inside "Archive 2025"', 'notion:API-move-page'),
  A('look up notion user id 6f8a1c2e', 'notion:API-get-user'),
  Q('list every member of the notion workspace', 'notion:API-get-users'),
  Q('check which integration bot this notion token belongs to', 'notion:API-get-self'),
  Q('search my notion workspace', 'notion:API-post-search'),
  Q('comment on a notion page', 'notion:API-create-a-comment'),

  // browsers (Playwright, Puppeteer)
  A('navigate to https://staging.acme.dev/dashboard', ...NAVIGATE),
  A('use puppeteer to open http://localhost:5173', 'puppeteer:puppeteer_navigate'),
  A('click on "Sign in with Google"', ...CLICK),
  A('double-click the row "invoice-0042"', 'playwright:browser_click'),
  A('type "floe mcp" into the search field and submit', ...TYPE),
  A('puppeteer: fill input#email with test@acme.io', 'puppeteer:puppeteer_fill'),
  A(
    'put admin / changeme into the username and password fields of the form',
    'playwright:browser_fill_form',
    'puppeteer:puppeteer_fill',
  ),
  A(
    'select "Monthly" in the billing period dropdown',
    'playwright:browser_select_option',
    'puppeteer:puppeteer_select',
  ),
  A('send the Escape key to close that overlay', 'playwright:browser_press_key'),
  Q('make the browser window bigger', 'playwright:browser_resize'),
  A('count the links on the page with document.querySelectorAll("a").length', ...JS),
  A('with playwright run: await page.context().clearCookies()', 'playwright:browser_run_code_unsafe'),
  Q('show me the network traffic of this page', 'playwright:browser_network_requests'),
  A('dig into request number 5 from the network list, headers too', 'playwright:browser_network_request'),
  A('upload photos/avatar.jpg to the profile picture input', 'playwright:browser_file_upload'),
  A('drop report.csv onto the dropzone on the page', 'playwright:browser_drop'),
  Q('wait for the page to finish loading', 'playwright:browser_wait_for'),
  A('answer the prompt() popup with "Bob"', 'playwright:browser_handle_dialog'),
  A(
    'hover on the avatar in the top right so the tooltip shows',
    'playwright:browser_hover',
    'puppeteer:puppeteer_hover',
  ),
  A('open https://vitest.dev in a new tab', 'playwright:browser_tabs'),
  A("drag the item 'Milk' above 'Eggs' in the list", 'playwright:browser_drag'),
  A('make the page think I set prefers-reduced-motion: reduce', 'playwright:browser_emulate_media'),
  A('search the page for the word "Unsubscribe"', 'playwright:browser_find'),
  Q('go back in the browser', 'playwright:browser_navigate_back'),
  Q('any errors or warnings in the devtools console?', 'playwright:browser_console_messages'),
  Q('what tabs do I have open in the automated browser', 'playwright:browser_tabs'),
  Q('capture the accessibility snapshot of the page so you can see the refs', 'playwright:browser_snapshot'),
  Q('shut the automated browser page, I am done with it', 'playwright:browser_close', 'playwright:browser_tabs'),
  Q('accept the cookie banner', ...CLICK),
  Q('screenshot whatever is on screen in the browser right now', ...SCREENSHOT),

  // Google Maps
  A('coords for 1600 Amphitheatre Parkway pls', 'maps:maps_geocode'),
  A('reverse geocode 48.8584,2.2945', 'maps:maps_reverse_geocode'),
  A('walking directions from Times Square to the Central Park Zoo', 'maps:maps_directions'),
  A('distance matrix: Boston, NYC, Philly to DC, driving', 'maps:maps_distance_matrix'),
  A('elevation at 27.9881, 86.9250', 'maps:maps_elevation'),
  A('get details for place id ChIJN1t_tDeuEmsRUsoyG83frY4', 'maps:maps_place_details'),
  A('on google maps find coworking spaces near Cais do Sodré, Lisbon', 'maps:maps_search_places'),
  Q('find restaurants near me', ...LOCAL),
  Q('get driving directions', 'maps:maps_directions'),

  // Brave Search
  A('brave search "typescript 5.7 release notes"', 'brave:brave_web_search'),
  A('web search: Framework Laptop 16 battery life complaints', 'brave:brave_web_search'),
  A('what are people saying online about Node 24 LTS', 'brave:brave_web_search'),
  A('is there a 24h pharmacy in Madrid centro', ...LOCAL),
  Q('search the internet', 'brave:brave_web_search'),
  Q("what's in the tech news today", 'brave:brave_web_search'),

  // Postgres
  A('psql -c "select count(*) from users where deleted_at is null"', 'postgres:query'),
  A('which 10 customers spent the most last month? tables are orders and customers', 'postgres:query'),
  A('I need to know whether any row in invoices has a negative amount', 'postgres:query'),
  Q('list the tables in the database', 'postgres:query'),
  Q('show me the schema of our db', 'postgres:query'),

  // EverArt
  A('generate a logo for a coffee shop called "Bean There", flat style', 'everart:generate_image'),
  A('render 3 variations of a cyberpunk city skyline at night', 'everart:generate_image'),
  Q('make me a picture with AI', 'everart:generate_image'),

  // no tool of the registry does these
  A('delete every .DS_Store file under ~/code'),
  A('grep -rn "TODO" src/'),
  A('ln -s ~/dotfiles/.vimrc ~/.vimrc'),
  A('unzip assets.zip into public/'),
  A('git stash my local changes'),
  A('git push origin main'),
  A('list all branches of acme/api on github'),
  A('rerun the failed GitHub Actions job on PR 208'),
  A('create a gist with this snippet: console.log(42)'),
  A('tag the current main of acme/api as v1.9.0 on github'),
  A('request a review from @maria on PR 66'),
  A('list the open merge requests in gitlab project 312'),
  A('merge MR !57 in gitlab project 90'),
  A('comment on gitlab issue #14 that I can reproduce it'),
  A('change the wording of my message in #general from an hour ago'),
  A('pin the message about the holiday schedule in #announcements'),
  A('upload design.pdf to #design on slack'),
  A('schedule a slack message to #team for Monday 9am: "sprint starts"'),
  A('mute #random for the rest of the day'),
  A('share the notion page Roadmap publicly on the web'),
  A("restore yesterday's version of the notion page Pricing from its page history"),
  A('revoke the notion guest invite for jane@contractor.io'),
  A("insert into users (email) values ('a@b.co')"),
  A('drop table tmp_import_2024'),
  A('create an index on orders(customer_id) in postgres'),
  A('pg_dump the prod db to backup.sql'),
  A('multiply 37 by 12 with the math tool'),
  A('remove the background from headshot.jpg'),
  A('upscale logo.png to 4k'),
  A('turn intro.gif into an mp4'),
  A('share my live location with Sofia for an hour'),
  A('show me street view of 221B Baker Street'),
  A('save Café Central to my starred places in google maps'),
  A('book a table for 4 at Nopa tonight at 8'),
  A('send an email to ops@acme.io with the incident summary'),
  A('add "team lunch" to my google calendar on friday at noon'),
  A('kill the process listening on port 8080'),
  A('run the jest tests in packages/core'),
  Q('turn on do not disturb'),
  Q('open the Terminal app'),
  Q('log me out of my mac'),
  Q('connect to the VPN'),
  Q('undo my last git commit'),
  Q('write a new row into the postgres database'),
  Q('edit an existing photo with AI'),
];
