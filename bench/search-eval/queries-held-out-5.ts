// The FIFTH HELD-OUT set of the search evaluation: written on 2026-12-03 at ~13:57 UTC, blind to the ranker (its
// code, its scores on the earlier sets and the notes about it were not read) and before any change to the ranker of
// this round, in its own commit, without running the ranker or the evaluation on it; none of its queries repeats one
// of the earlier sets (tuning, held-out 1 to 4), checked mechanically. It is phrased the way people type requests to
// a coding or desktop assistant, which a model then passes on to the tool search: terse commands, chatty questions,
// gh/glab/git/psql/shell habits, indirect goals, non-native English, a typo or odd casing now and then, from two words
// to two sentences, and mostly with real arguments (file names, paths, people, ids, issue numbers, channels, URLs,
// SQL, repos, quoted text, coordinates, sizes). It is spread over the 14 servers of the registry roughly by their
// tool counts, every server at least six times, and each answerable query is labelled with every tool of the
// registry that does what is asked, read from the tools' descriptions and parameters. No tool named: nothing in the
// registry can do it; many of those are near misses, close to a server's domain but beyond what its listed tools
// do (deleting a file, searching Slack, listing GitLab merge requests, writing with the read-only SQL tool …), the
// rest plainly unrelated. `npm run eval:search -- --held-out` runs it, once, when tuning is over. Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
const LIST = ['filesystem:list_directory', 'filesystem:list_directory_with_sizes'];
const REMEMBER = ['memory:create_entities', 'memory:add_observations'];
const RECALL = ['memory:search_nodes', 'memory:open_nodes', 'memory:read_graph'];
const THINK = 'thinking:sequentialthinking';
const GOTO = ['playwright:browser_navigate', 'puppeteer:puppeteer_navigate'];
const SHOT = ['playwright:browser_take_screenshot', 'puppeteer:puppeteer_screenshot'];
const CLICK = ['playwright:browser_click', 'puppeteer:puppeteer_click'];
const FILL = ['playwright:browser_type', 'puppeteer:puppeteer_fill'];
const RUN_JS = ['playwright:browser_evaluate', 'puppeteer:puppeteer_evaluate', 'playwright:browser_run_code_unsafe'];
const NEARBY = ['maps:maps_search_places', 'brave:brave_local_search'];
const ROUTE = ['maps:maps_directions', 'maps:maps_distance_matrix'];
const NOTION_READ = ['notion:API-retrieve-page-markdown', 'notion:API-get-block-children'];
const NOTION_APPEND = ['notion:API-patch-block-children', 'notion:API-update-page-markdown'];
const NOTION_SCHEMA = ['notion:API-retrieve-a-data-source', 'notion:API-retrieve-a-database'];
const GH_FILE_WRITE = ['github:create_or_update_file', 'github:push_files'];
const GH_PR_TALK = ['github:add_issue_comment', 'github:create_pull_request_review'];

export const HELD_OUT_5_QUERIES: LabelledQuery[] = [
  // filesystem
  A('cat src/router/index.ts', ...READ),
  A('whats in notes/todo.md', ...READ),
  A('tail -n 200 logs/app-error.log', ...READ),
  A(
    'Open docker-compose.yml, .env.example and the Makefile so we can compare the ports',
    'filesystem:read_multiple_files',
    ...READ,
  ),
  A('show me the logo at assets/brand/logo.png', 'filesystem:read_media_file'),
  A('can you listen to recordings/standup-0412.mp3 and tell me what was decided', 'filesystem:read_media_file'),
  A('write a LICENSE file with the MIT text, copyright Jana Novak 2025', 'filesystem:write_file'),
  A('overwrite config/feature-flags.json with {"newCheckout": true}', 'filesystem:write_file'),
  A('bump the version in package.json from 2.3.1 to 2.4.0', 'filesystem:edit_file'),
  A('rename every userId to accountId inside src/models/session.ts', 'filesystem:edit_file'),
  A('dry run only: what would change if i swap port 8080 for 9090 in nginx.conf', 'filesystem:edit_file'),
  A('mkdir -p build/reports/coverage', 'filesystem:create_directory'),
  A('wich files are in ~/Downloads', ...LIST),
  A('which is the biggest file in the dist folder?', 'filesystem:list_directory_with_sizes'),
  A('give me the folder structure of packages/ but skip node_modules', 'filesystem:directory_tree'),
  A('mv docs/old-api.md docs/archive/old-api.md', 'filesystem:move_file'),
  A('find all the *.test.tsx files under src', 'filesystem:search_files'),
  A('is there a .nvmrc anywhere in this repo??', 'filesystem:search_files'),
  A('when was yarn.lock last modified', 'filesystem:get_file_info'),
  Q('which folders are you allowed to touch?', 'filesystem:list_allowed_directories'),
  // filesystem: no tool
  A('rm -rf tmp/cache'),
  A('delete old-backup.zip from the Desktop, I dont need it'),
  A('grep -rn "TODO(perf)" src/'),
  A('chmod +x scripts/deploy.sh'),
  A('make a symlink current -> releases/v42'),
  Q('empty the recycle bin'),

  // everything (the MCP test server)
  A('echo back "canary-7f3a"', 'everything:echo'),
  A('whats 1234 plus 8766', 'everything:get-sum'),
  Q('print the env vars the mcp server is running with', 'everything:get-env'),
  Q('send me that tiny MCP logo picture', 'everything:get-tiny-image'),
  A('show an annotated "error" message example, with the image included', 'everything:get-annotated-message'),
  A('give me 7 resource links', 'everything:get-resource-links'),
  A('resource reference for text resource 4', 'everything:get-resource-reference'),
  A('structured content demo for Chicago', 'everything:get-structured-content'),
  A('gzip https://example.com/data/report.csv and give me a link to download it', 'everything:gzip-file-as-resource'),
  Q('turn on the simulated logging', 'everything:toggle-simulated-logging'),
  Q('stop those fake resource subscription updates, they spam my client', 'everything:toggle-subscriber-updates'),
  A(
    'run a long operation for 20 seconds in 4 steps, I want to see the progress bar',
    'everything:trigger-long-running-operation',
  ),
  A('simulate a deep research task on "solid state batteries"', 'everything:simulate-research-query'),
  // everything: no tool
  A('multiply 48 by 12 using the test server'),
  A('export FOO=bar on the mcp server'),
  A('unzip release-assets.tar.gz into vendor/'),

  // memory
  A('please remember: Oluwaseun hates long standups', ...REMEMBER),
  A('note for later — the staging db password rotates on the 1st of each month', ...REMEMBER),
  A('add to what you know about Project Falcon: launch moved to March 3', 'memory:add_observations'),
  A(
    'new person to remember: Lea Dubois, designer at Acme, prefers Figma comments over Slack',
    'memory:create_entities',
  ),
  A('link Lea Dubois to Project Falcon as "works on"', 'memory:create_relations'),
  A('what do you know about Lea?', ...RECALL),
  A('search your memory for anything mentioning kubernetes', 'memory:search_nodes', 'memory:read_graph'),
  A('pull up the entities "Acme Corp" and "Project Falcon"', ...RECALL),
  Q('show me everything in your memory graph', 'memory:read_graph'),
  Q('do you have anything saved about me from last time?', ...RECALL),
  A('forget Project Falcon entirely', 'memory:delete_entities'),
  A('remove the note that Lea prefers Figma comments', 'memory:delete_observations'),
  A('Lea doesnt work on Falcon anymore, drop that link', 'memory:delete_relations'),
  // memory: no tool
  Q('roll your memory back to how it was yesterday'),
  Q('how much disk is your knowledge graph using'),

  // sequential thinking
  Q('think this through step by step before answering: shard the users table or add read replicas?', THINK),
  Q('break the webpack to vite migration down into steps and revise the plan as you go', THINK),
  Q('I have a tricky scheduling puzzle, reason it out carefully and backtrack if a branch fails', THINK),
  A('plan the rollout of flag "new-billing" to 5%, 25% then 100% — step by step, revise if needed', THINK),
  Q('lets brainstorm hypotheses and then narrow down: why does our p99 latency double on Mondays', THINK),
  Q('use a chain of thought and verify your hypothesis about the memory leak before telling me', THINK),
  A('work it out in numbered thoughts: 3 devs, 11 tickets of 2/3/5 points, 2-week sprint, who takes what', THINK),

  // github
  A('gh pr view 1187 -R vercel/next.js', 'github:get_pull_request'),
  A('gh pr checks 52 --repo acme/payments', 'github:get_pull_request_status'),
  A('gh pr diff 77 --name-only  (repo lunar/web)', 'github:get_pull_request_files'),
  A('gh pr merge 64 --squash on acme/infra', 'github:merge_pull_request'),
  A('approve https://github.com/acme/infra/pull/65 with "lgtm, ship it"', 'github:create_pull_request_review'),
  A('request changes on PR 9 of sam/dotfiles: install.sh hardcodes /home/sam', 'github:create_pull_request_review'),
  A(
    'what did the reviewers say on pull 230 in acme/mobile',
    'github:get_pull_request_reviews',
    'github:get_pull_request_comments',
  ),
  A('show the inline review comments on acme/mobile#231', 'github:get_pull_request_comments'),
  A('PR 88 in acme/web is behind main, bring its branch up to date', 'github:update_pull_request_branch'),
  A('open a PR from feat/dark-mode into main in kira/portfolio, title "Dark mode"', 'github:create_pull_request'),
  A('gh pr list --state open --base release/2.0 -R acme/core', 'github:list_pull_requests', 'github:search_issues'),
  A('leave a comment on PR 12 in acme/auth saying I will look at it tomorrow', ...GH_PR_TALK),
  A('gh issue create -R acme/core -t "Login button misaligned on Safari" -l bug', 'github:create_issue'),
  A('gh issue close 451 -R acme/core', 'github:update_issue'),
  A('assign issue 77 in acme/core to @mbergmann and label it p1', 'github:update_issue'),
  A('reply on nodejs/undici issue #1203: "repro attached, only happens on 6.x"', 'github:add_issue_comment'),
  A('SHOW ME ISSUE 98 from tauri-apps/tauri', 'github:get_issue'),
  A('open issues labelled "regression" in acme/core, newest first', 'github:list_issues', 'github:search_issues'),
  A('search github issues for ECONNRESET in repo:axios/axios', 'github:search_issues'),
  Q('anything on github waiting for my review?', 'github:search_issues'),
  A('where in kubernetes/kubernetes is PodDisruptionBudget defined', 'github:search_code'),
  A('find repos for a rust TUI markdown editor, 500+ stars', 'github:search_repositories'),
  A('look up the github user sindresorhus', 'github:search_users'),
  A('gh repo create status-page --private', 'github:create_repository'),
  A('fork supabase/supabase into the org my-org', 'github:fork_repository'),
  A('create branch hotfix/token-expiry off main on acme/auth', 'github:create_branch'),
  A('last 10 commits on develop in acme/auth', 'github:list_commits'),
  A('read .github/workflows/ci.yml in acme/auth', 'github:get_file_contents'),
  A('commit a one line fix to README.md on acme/auth main: the CI badge URL is broken', ...GH_FILE_WRITE),
  A('push src/a.ts, src/b.ts and test/a.test.ts to branch refactor-x of acme/auth as ONE commit', 'github:push_files'),
  // github: no tool
  A('delete the branch feature/old-login on acme/web'),
  A('rerun the failed GitHub Actions job on PR 44 in acme/web'),
  A('gh release create v3.1.0 --notes "bugfixes" -R acme/cli'),
  A('add @rchen as a collaborator with write access to acme/secret-sauce'),
  A('git clone git@github.com:acme/web.git'),
  A('request a review from @dana on PR 301 in acme/web'),
  Q('what github notifications do i have'),
  A('list all the branches of acme/web'),

  // gitlab
  A('open an MR on gitlab project group/backend from feature/rate-limit to main', 'gitlab:create_merge_request'),
  A(
    'glab mr create --source-branch fix-typo --target-branch develop --title "Fix typo" --draft (project 4821)',
    'gitlab:create_merge_request',
  ),
  A('new gitlab issue in infra/terraform: "state lock never released", label ops', 'gitlab:create_issue'),
  Q('file an issue on our self-hosted gitlab about the flaky e2e tests', 'gitlab:create_issue'),
  A('show me the README of gitlab project platform/ci-templates on the stable branch', 'gitlab:get_file_contents'),
  A('gitlab: find projects named helm-charts', 'gitlab:search_repositories'),
  A('I want make a new private project on gitlab, name is data-lake-docs', 'gitlab:create_repository'),
  A('fork gitlab.com/inkscape/inkscape into my namespace', 'gitlab:fork_repository'),
  A('branch release-2025-q2 from tag v4.2.0 in gitlab project 1193', 'gitlab:create_branch'),
  A(
    'update .gitlab-ci.yml on main of group/backend so the test stage uses node:20',
    'gitlab:create_or_update_file',
    'gitlab:push_files',
  ),
  A('rename docs/setup.md to docs/install.md in our gitlab repo mobile/app', 'gitlab:create_or_update_file'),
  A(
    'push the three generated migration files to branch db-v2 on gitlab project 77 in a single commit',
    'gitlab:push_files',
  ),
  // gitlab: no tool
  A('list open merge requests in gitlab project group/backend'),
  A('merge MR !342 on gitlab'),
  A('pipeline status for the latest commit on gitlab project 1193?'),
  A('comment on gitlab issue #56 in infra/terraform: "fixed in 1.4"'),
  A('close gitlab issue 88 in mobile/app'),

  // slack
  A('post in #deploys: "api v2.14 is live in prod"', 'slack:slack_post_message'),
  Q('make sure everyone in the team channel hears the release is out', 'slack:slack_post_message'),
  A('reply in thread 1718031200.004512 of C04ABCD: "on it"', 'slack:slack_reply_to_thread'),
  A('react with :eyes: to message 1718031200.004512 in channel C04ABCD', 'slack:slack_add_reaction'),
  A('thumbs up the last message in #incidents', 'slack:slack_add_reaction'),
  A('what has been said in #design since this morning', 'slack:slack_get_channel_history'),
  A('catch me up on the last 30 messages of C02XYZ', 'slack:slack_get_channel_history'),
  A('read all replies under the outage thread (ts 1717999999.000100) in #ops', 'slack:slack_get_thread_replies'),
  Q('who all is in our slack workspace', 'slack:slack_get_users'),
  A('get the slack profile for user U07QW2ERT', 'slack:slack_get_user_profile'),
  A("what's Marta's timezone on slack", 'slack:slack_get_user_profile', 'slack:slack_get_users'),
  Q('which slack channels exist?', 'slack:slack_list_channels'),
  A('Is exist a channel named #ml-reading-group?', 'slack:slack_list_channels'),
  // slack: no tool
  A('search slack for messages mentioning "invoice 4471"'),
  A('delete my last message in #general'),
  A('create a slack channel #proj-atlas and invite Ana and Bo'),
  A('set my slack status to "on vacation" until monday'),
  A('schedule a slack message to #team for 9am tomorrow: standup moved to 10'),

  // postgres
  A(`psql -c "select count(*) from orders where created_at > now() - interval '1 day'"`, 'postgres:query'),
  A('how many users signed up last week? table users, column created_at', 'postgres:query'),
  A('\\d invoices', 'postgres:query'),
  Q('what tables are in the database', 'postgres:query'),
  A('give top 5 costumers by total spend (orders table)', 'postgres:query'),
  A('EXPLAIN ANALYZE SELECT * FROM events WHERE user_id = 42', 'postgres:query'),
  A('check whether the accounts table has duplicate emails', 'postgres:query'),
  Q('whats the postgres server version', 'postgres:query'),
  // postgres: no tool (the query tool is read-only)
  A("UPDATE users SET plan='pro' WHERE id=913"),
  A('DROP TABLE staging.legacy_invoices_2019;'),
  A('create an index on events(user_id, created_at)'),
  A('pg_dump the prod database to backup.sql'),
  A('insert a test row into products: name Widget, price 9.99'),

  // everart
  A('generate an image of a fox reading a newspaper in a Paris café, watercolor', 'everart:generate_image'),
  A('make me 3 vector-style logo ideas for a bakery called "Crumb & Co"', 'everart:generate_image'),
  A('photorealistic render of a tiny cabin in snowy norwegian woods, use Recraft-Real', 'everart:generate_image'),
  Q('i need a hero illustration for the landing page, something abstract and blue', 'everart:generate_image'),
  A('draw a pixel-art cat wearing a wizard hat', 'everart:generate_image'),
  Q('create some AI art for my blog header', 'everart:generate_image'),
  A('generate a banner saying "Floe 1.0" in ultra quality FLUX', 'everart:generate_image'),
  // everart: no tool
  A('remove the background from photos/headshot.jpg'),
  A('upscale thumbnail.png to 4k'),
  Q('make a short animated video of waves crashing'),
  A('edit banner.png so the text says "Spring Sale" instead'),

  // brave
  A('search the web for "vite 6 migration guide"', 'brave:brave_web_search'),
  A('google what changed in TypeScript 5.6', 'brave:brave_web_search'),
  A('latest news on the EU AI Act', 'brave:brave_web_search'),
  Q('look online for a good explanation of CRDTs', 'brave:brave_web_search'),
  A('any recent benchmarks of bun vs node?', 'brave:brave_web_search'),
  A('what are people saying about the new Framework laptop 16', 'brave:brave_web_search'),
  A('vegan restaurants near Alexanderplatz', ...NEARBY),
  A('24h pharmacy near Baixa in Lisbon, with phone numbers', ...NEARBY),
  // brave: no tool
  Q('alert me whenever Floe gets mentioned online'),

  // maps
  A('coordinates of 1600 Amphitheatre Parkway, Mountain View', 'maps:maps_geocode'),
  A('lat/long for "Rua Augusta 100, Lisboa"', 'maps:maps_geocode'),
  A('which street is at 40.6892,-74.0445 ?', 'maps:maps_reverse_geocode'),
  A('reverse geocode -33.8568,151.2153', 'maps:maps_reverse_geocode'),
  A('how I go by bike from Kreuzberg to Tempelhofer Feld?', 'maps:maps_directions'),
  A('transit directions from JFK to Times Square', 'maps:maps_directions'),
  A('how long is the drive from Denver to Boulder', ...ROUTE),
  A('driving times from our offices in Austin, Dallas and Houston to San Antonio', ...ROUTE),
  A('elevation at 46.8523,-121.7603', 'maps:maps_elevation'),
  A('details (phone, hours, reviews) for place id ChIJN1t_tDeuEmsRUsoyG83frY4', 'maps:maps_place_details'),
  A('EV charging stations within 2 km of 52.52,13.405', ...NEARBY),
  // maps: no tool
  A('snap my GPS trace tracks/ride-0613.gpx to the nearest roads'),
  A('save "Café Kranzler" to my starred places in google maps'),
  A('share my live location with Priya for an hour'),
  A('download offline maps for Iceland'),
  Q('book me an uber to the airport'),

  // notion
  A('find the notion page titled "Onboarding checklist"', 'notion:API-post-search'),
  A('search notion for incident postmortem', 'notion:API-post-search'),
  A('read me notion page 1a2b3c4d-5e6f-7081-92a3-b4c5d6e7f809 as markdown', 'notion:API-retrieve-page-markdown'),
  A("what's written on our notion 'Team rituals' page?", 'notion:API-post-search', ...NOTION_READ),
  A(
    'properties of notion page 9f8e7d6c-5b4a-3928-1706-f5e4d3c2b1a0 (status, owner, due date)',
    'notion:API-retrieve-a-page',
  ),
  A(
    'what is in the "Reviewers" property of page 9f8e7d6c-5b4a-3928-1706-f5e4d3c2b1a0',
    'notion:API-retrieve-a-page-property',
    'notion:API-retrieve-a-page',
  ),
  A('set Status = Done on notion page 9f8e7d6c-5b4a-3928-1706-f5e4d3c2b1a0', 'notion:API-patch-page'),
  A('rename notion page 4c1d2e3f-aaaa-bbbb-cccc-111122223333 to "Q3 OKRs (final)"', 'notion:API-patch-page'),
  A('trash the notion page "Old wiki draft", id 77aa88bb-1234-4cde-9f00-abcdefabcdef', 'notion:API-patch-page'),
  A(
    'new notion page under Engineering (0b1c2d3e-0000-4111-8222-333344445555) called "API deprecation plan"',
    'notion:API-post-page',
  ),
  A('add a row to our Bugs database in notion: "Crash on export", severity High', 'notion:API-post-page'),
  A(
    'append a checklist to notion page 4c1d2e3f-aaaa-bbbb-cccc-111122223333: write tests, update docs',
    ...NOTION_APPEND,
  ),
  A(
    'replace the whole content of notion page 4c1d2e3f-aaaa-bbbb-cccc-111122223333 with "# Status — all green"',
    'notion:API-update-page-markdown',
  ),
  A(
    'in notion page 4c1d2e3f-aaaa-bbbb-cccc-111122223333 change "deadline: May 2" to "deadline: May 9"',
    'notion:API-update-page-markdown',
    'notion:API-update-a-block',
  ),
  A('tick the to-do block 5d6e7f80-9a0b-4c1d-8e2f-3a4b5c6d7e8f in notion', 'notion:API-update-a-block'),
  A(
    'delete notion block 5d6e7f80-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
    'notion:API-delete-a-block',
    'notion:API-update-a-block',
  ),
  A('what kind of block is 5d6e7f80-9a0b-4c1d-8e2f-3a4b5c6d7e8f? raw json please', 'notion:API-retrieve-a-block'),
  A('any comments on the notion spec page 8a8a8a8a-1b1b-4c2c-9d3d-4e4e4e4e4e4e?', 'notion:API-retrieve-a-comment'),
  A(
    'comment on notion page 8a8a8a8a-1b1b-4c2c-9d3d-4e4e4e4e4e4e: "numbers in table 2 look off"',
    'notion:API-create-a-comment',
  ),
  A(
    'in the Tasks data source 33ff44ee-5566-4777-8888-9999aaaabbbb show overdue items assigned to me',
    'notion:API-query-data-source',
  ),
  A('what columns does the notion Roadmap database 3e3e3e3e-4f4f-4a5a-8b6b-7c7c7c7c7c7c have', ...NOTION_SCHEMA),
  A(
    'add a Priority select (Low/Med/High) to data source 33ff44ee-5566-4777-8888-9999aaaabbbb',
    'notion:API-update-a-data-source',
  ),
  A(
    'create a notion database "Reading list" under page 0b1c2d3e-0000-4111-8222-333344445555 with Title, Author, Finished',
    'notion:API-create-a-data-source',
  ),
  A(
    'which templates does the Meetings data source 77001122-3344-4556-8778-99aabbccddee offer',
    'notion:API-list-data-source-templates',
  ),
  A('move notion page "Hiring 2024" (12ab34cd-...) under the Archive page (34cd56ef-...)', 'notion:API-move-page'),
  Q('who are the members of our notion workspace', 'notion:API-get-users'),
  A('notion user 6f6f6f6f-7a7a-4b8b-9c9c-0d0d0d0d0d0d — who is that?', 'notion:API-get-user'),
  Q('which bot user does this notion integration token belong to', 'notion:API-get-self'),
  // notion: no tool
  A('export the notion page "Board deck" as PDF'),
  A('share notion page 4c1d2e3f-aaaa-bbbb-cccc-111122223333 with guest@partner.io, read only'),
  A('restore the notion page "Pricing" to yesterdays version from the page history'),
  A('delete the comment I left on the notion spec page 8a8a8a8a-1b1b-4c2c-9d3d-4e4e4e4e4e4e'),
  Q('lock the notion roadmap database so nobody can edit it'),

  // browser: playwright and puppeteer
  A('open https://news.ycombinator.com', ...GOTO),
  A('puppeteer: navigate to https://example.org/login', 'puppeteer:puppeteer_navigate'),
  A('full-page screenshot of https://stripe.com/pricing', 'playwright:browser_take_screenshot', ...GOTO),
  Q('take a screenshot of what the browser shows right now', ...SHOT),
  A('grab a png of just the #pricing-table element', ...SHOT),
  A('puppeteer screenshot named checkout-step2 at 1280x720', 'puppeteer:puppeteer_screenshot'),
  A('click the "Accept cookies" button', ...CLICK),
  A('with puppeteer click #submit-order', 'puppeteer:puppeteer_click'),
  A('double-click the row invoice-2291 in the table', 'playwright:browser_click'),
  A('type hello@floe.dev into the email field', ...FILL),
  A('puppeteer fill input[name=q] with "mcp servers"', 'puppeteer:puppeteer_fill'),
  A(
    'fill the signup form: name Ana Souza, email ana@ex.com, password hunter2',
    'playwright:browser_fill_form',
    ...FILL,
  ),
  A('pick Portugal in the country dropdown', 'playwright:browser_select_option', 'puppeteer:puppeteer_select'),
  A('hover over the "Products" menu so the submenu opens', 'playwright:browser_hover', 'puppeteer:puppeteer_hover'),
  A('press Escape', 'playwright:browser_press_key'),
  Q('hit the browser back button', 'playwright:browser_navigate_back'),
  Q('close the browser page, we are done', 'playwright:browser_close', 'playwright:browser_tabs'),
  A('open https://docs.python.org in a new tab', 'playwright:browser_tabs'),
  Q('which tabs are open in the automated browser', 'playwright:browser_tabs'),
  A('resize the window to 375x812 to check the mobile layout', 'playwright:browser_resize'),
  Q('accept the confirm() popup', 'playwright:browser_handle_dialog'),
  Q('switch the page to dark mode so I can check contrast', 'playwright:browser_emulate_media'),
  Q('any erros in the browser console?', 'playwright:browser_console_messages'),
  A('list the requests the page made to /api/', 'playwright:browser_network_requests'),
  A('show me the response body of request #7', 'playwright:browser_network_request'),
  A('upload ~/Pictures/avatar.jpg in the file picker', 'playwright:browser_file_upload'),
  A('drop invoice.pdf from my disk onto the dropzone', 'playwright:browser_drop'),
  A('drag the kanban card "Refund flow" over to In Review', 'playwright:browser_drag'),
  A('find "Out of stock" on this page', 'playwright:browser_find', 'playwright:browser_snapshot'),
  Q('get the accessibility tree of the current page', 'playwright:browser_snapshot'),
  A('wait until "Upload complete" shows up', 'playwright:browser_wait_for'),
  A('run document.querySelectorAll("a").length in the page', ...RUN_JS),
  A("what's localStorage.getItem('token') on this site", ...RUN_JS),
  A('execute this playwright snippet: await page.context().clearCookies()', 'playwright:browser_run_code_unsafe'),
  // browser: no tool (the person's own browser, not the automated one)
  Q('export my chrome bookmarks'),
  Q('clear my browsing history in Firefox'),
  A('install the uBlock Origin extension in my everyday browser'),

  // plainly unrelated: no tool
  Q('npm test'),
  A('git commit -am "wip"'),
  A('git push --force-with-lease origin feat/payments'),
  Q('git status'),
  A('docker compose up -d db'),
  A('kill whatever is listening on port 3000'),
  A('email the Q2 report to finance@acme.com'),
  A('add "dentist thursday 3pm" to my google calendar'),
  Q('set a timer for 25 minutes'),
  A('convert interview.mov to mp4'),
  A('translate to japanese: "Our office is closed on Friday"'),
  A('ssh into 10.0.0.12 and restart nginx'),
  A("order two large pepperoni pizzas from Domino's on Main St"),
  A('open a Linear issue for the checkout bug in team PAY'),
];
