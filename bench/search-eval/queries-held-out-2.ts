// The SECOND HELD-OUT set of the search evaluation (issue 20): written on 2026-12-02 at ~13:40 UTC, in its own
// commit, before any change to the ranker of this round and without running the ranker on it. The first held-out
// set (queries-held-out.ts) was run and published, so it is no longer held out: it joined the tuning set. This set
// is phrased as people type requests to an assistant (chatty, often with real arguments: file names, paths,
// people, ids, text), labelled with every tool of the registry that does what is asked; no tool named: nothing in
// the registry can do it. `npm run eval:search -- --held-out` runs it, once, when tuning is over. Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
const LIST = ['filesystem:list_directory', 'filesystem:list_directory_with_sizes'];
const NAVIGATE = ['playwright:browser_navigate', 'puppeteer:puppeteer_navigate'];
const SCREENSHOT = ['playwright:browser_take_screenshot', 'puppeteer:puppeteer_screenshot'];
const CLICK = ['playwright:browser_click', 'puppeteer:puppeteer_click'];
const JS = ['playwright:browser_evaluate', 'puppeteer:puppeteer_evaluate', 'playwright:browser_run_code_unsafe'];
const LOCAL = ['maps:maps_search_places', 'brave:brave_local_search'];

export const HELD_OUT_2_QUERIES: LabelledQuery[] = [
  // filesystem
  A("what's in ~/projects/floe/.env.example?", ...READ),
  A('can you pull up docs/architecture.md for me', ...READ),
  A('look at the error log in /var/log/nginx/error.log', ...READ),
  A('I need to see both src/app.ts and src/routes.ts', 'filesystem:read_multiple_files', ...READ),
  A('put this text into a new file called CHANGELOG.md', 'filesystem:write_file'),
  A('save the following JSON as fixtures/users.json', 'filesystem:write_file'),
  A("in index.html swap the title 'Home' for 'Start'", 'filesystem:edit_file'),
  A('fix the typo "recieve" in lib/mail.py', 'filesystem:edit_file'),
  A('set up a new folder src/components/ui', 'filesystem:create_directory'),
  A("what's inside the tmp/uploads folder", ...LIST),
  Q('show me the files here', ...LIST),
  A('which files in ./dist are the heaviest', 'filesystem:list_directory_with_sizes'),
  A('move old_notes.txt to archive/2023/', 'filesystem:move_file'),
  A('rename the folder img to images', 'filesystem:move_file'),
  A('where is the file package.json somewhere under ~/code', 'filesystem:search_files'),
  A('find any .env files in this project', 'filesystem:search_files'),
  A('who created data.csv and when, and how large is it', 'filesystem:get_file_info'),
  A('give me the whole directory layout of ~/work/site as a tree', 'filesystem:directory_tree'),
  A('show me the picture diagram.png', 'filesystem:read_media_file'),
  Q('what directories am I permitted to read and write', 'filesystem:list_allowed_directories'),
  Q('write a file', 'filesystem:write_file'),
  Q('get file metadata like permissions and timestamps', 'filesystem:get_file_info'),

  // memory (knowledge graph)
  A("please remember my daughter's name is Lily", 'memory:create_entities', 'memory:add_observations'),
  A('note down that the Falcon project deadline is March 1', 'memory:add_observations', 'memory:create_entities'),
  A('make Acme Corp and Globex entities of type company', 'memory:create_entities'),
  A('Marco reports to Julia — keep that in the graph', 'memory:create_relations'),
  A('what do you know about my colleague Hiroshi?', 'memory:search_nodes', 'memory:open_nodes'),
  Q('show me your whole memory', 'memory:read_graph'),
  A('erase Bob from your memory completely', 'memory:delete_entities'),
  A('that Kim likes tea is wrong, delete that observation', 'memory:delete_observations'),
  A('Alice no longer works with Bob; remove the relation between them', 'memory:delete_relations'),
  A('fetch the nodes named Berlin and Tokyo', 'memory:open_nodes'),
  Q('search my saved facts', 'memory:search_nodes'),

  // sequential thinking
  A(
    'help me think through whether to migrate from MySQL to Postgres, one thought at a time',
    'thinking:sequentialthinking',
  ),
  Q('work through a tricky puzzle step by step and revise if needed', 'thinking:sequentialthinking'),
  Q('dynamic reflective problem solving', 'thinking:sequentialthinking'),

  // everything (the MCP reference server)
  A('say back to me exactly: "testing 1 2 3"', 'everything:echo'),
  A('sum 1250 and 3375', 'everything:get-sum'),
  Q('what environment variables does the server have', 'everything:get-env'),
  A('gzip compress logs.txt and give me it back as a resource', 'everything:gzip-file-as-resource'),
  Q('show me the little MCP logo', 'everything:get-tiny-image'),
  Q('switch off the simulated logging', 'everything:toggle-simulated-logging'),
  Q('demo a long operation with progress notifications', 'everything:trigger-long-running-operation'),
  Q('give me an annotated message example', 'everything:get-annotated-message'),
  Q('return a reference to a resource', 'everything:get-resource-reference'),

  // GitHub and GitLab
  A('open an issue in vercel/next.js: "dev server leaks memory"', 'github:create_issue'),
  A('report a bug on gitlab project 321 saying the build fails', 'gitlab:create_issue'),
  A('what are the open issues on nodejs/node labelled "bug"', 'github:list_issues', 'github:search_issues'),
  A('pull up issue 4521 in rust-lang/rust', 'github:get_issue'),
  A('close issue 17 in my-org/infra, it is done', 'github:update_issue'),
  A('change the title of issue #3 to "Crash on save"', 'github:update_issue'),
  A('leave a comment on issue 98: "Can you share the logs?"', 'github:add_issue_comment'),
  A('raise a PR merging feature/dark-mode into main on acme/ui', 'github:create_pull_request'),
  A('merge PR #210 in acme/ui using rebase', 'github:merge_pull_request'),
  A('show me the open pull requests in facebook/jest', 'github:list_pull_requests', 'github:search_issues'),
  A('give me the details of pull request 1500 in denoland/deno', 'github:get_pull_request'),
  A('what files were changed in PR 64?', 'github:get_pull_request_files'),
  A('are the checks passing on pull request #7 of acme/api', 'github:get_pull_request_status'),
  A('leave an approving review on PR 88 saying "nice work"', 'github:create_pull_request_review'),
  A('show the inline review comments on pull request 19', 'github:get_pull_request_comments'),
  A('has anyone reviewed PR 311 yet?', 'github:get_pull_request_reviews'),
  A('bring PR 45 up to date with its base branch', 'github:update_pull_request_branch'),
  A('last 10 commits on main of sveltejs/svelte', 'github:list_commits'),
  A('make me a new repo called recipe-app', 'github:create_repository', 'gitlab:create_repository'),
  A('fork microsoft/TypeScript to my account', 'github:fork_repository'),
  A('create branch release/2.0 in acme/api', 'github:create_branch', 'gitlab:create_branch'),
  A('show me the Dockerfile in the repo docker/compose', 'github:get_file_contents', 'gitlab:get_file_contents'),
  A('commit a new LICENSE file to acme/ui on main', 'github:create_or_update_file', 'github:push_files'),
  A('push src/a.ts, src/b.ts and README.md to gitlab in a single commit', 'gitlab:push_files'),
  A('find repos about "vector database" written in Go', 'github:search_repositories', 'gitlab:search_repositories'),
  A('where is the function parseConfig used across github', 'github:search_code'),
  A('look up github accounts of people named "sindre"', 'github:search_users'),
  A('open a merge request in gitlab project 55 from feature-x into main', 'gitlab:create_merge_request'),
  A('fork gitlab project 9001', 'gitlab:fork_repository'),
  A('update config/settings.yml in gitlab project 12', 'gitlab:create_or_update_file'),

  // Slack
  A('tell the #engineering channel that the deploy is done', 'slack:slack_post_message'),
  A('post "lunch is here 🍕" to #office', 'slack:slack_post_message'),
  A('respond in the thread under Mike\'s message with "fixed in 1.4.2"', 'slack:slack_reply_to_thread'),
  A('thumbs up the last message from Priya', 'slack:slack_add_reaction'),
  A('what have people been saying in #incidents', 'slack:slack_get_channel_history'),
  A('show the replies to the thread 1700000000.123456', 'slack:slack_get_thread_replies'),
  Q('what slack channels do we have', 'slack:slack_list_channels'),
  Q('list everyone on our slack', 'slack:slack_get_users'),
  A("what's Jordan's title on slack, user id U07ABCD", 'slack:slack_get_user_profile'),

  // Notion
  A('find my notion page about "hiring plan"', 'notion:API-post-search'),
  A('make a new notion page called "Trip to Lisbon"', 'notion:API-post-page'),
  A('open notion page 8f3a2c and show it', 'notion:API-retrieve-a-page', 'notion:API-retrieve-page-markdown'),
  A('give me the notion page "Q4 OKRs" as markdown', 'notion:API-retrieve-page-markdown'),
  A('replace the content of notion page 77ab with this markdown', 'notion:API-update-page-markdown'),
  A('add a to-do item "buy milk" to the bottom of my notion page', 'notion:API-patch-block-children'),
  A('remove block 3c4d from notion', 'notion:API-delete-a-block'),
  A('change the text of notion block 1f2e to "Done"', 'notion:API-update-a-block'),
  A('what comments are on notion page 5d6e', 'notion:API-retrieve-a-comment'),
  A('comment "please review" on the notion page Launch Plan', 'notion:API-create-a-comment'),
  A('get all rows of the Bugs database where Priority is High', 'notion:API-query-data-source'),
  A('move the notion page "Old ideas" into the Archive', 'notion:API-move-page'),
  Q('who are the users in our notion workspace', 'notion:API-get-users'),
  A('rename the notion page 42 to "Final draft"', 'notion:API-patch-page'),

  // browsers (Playwright, Puppeteer)
  A('go to https://news.ycombinator.com', ...NAVIGATE),
  A('load localhost:3000 in the browser', ...NAVIGATE),
  A('grab a screenshot of the current page and save it as home.png', ...SCREENSHOT),
  A('hit the "Add to cart" button', ...CLICK),
  A('type my password hunter2 into the password box', 'playwright:browser_type', 'puppeteer:puppeteer_fill'),
  A(
    'fill in name John Smith, email john@smith.io and phone 555-1234 on the signup form',
    'playwright:browser_fill_form',
    'puppeteer:puppeteer_fill',
  ),
  A('pick "Express shipping" in the dropdown', 'playwright:browser_select_option', 'puppeteer:puppeteer_select'),
  A('press Tab twice', 'playwright:browser_press_key'),
  Q('go back one page', 'playwright:browser_navigate_back'),
  A('make the window 375 by 812 like an iPhone', 'playwright:browser_resize'),
  A('run localStorage.clear() on the page', ...JS),
  Q('are there any javascript errors in the console', 'playwright:browser_console_messages'),
  Q('what requests did the page send', 'playwright:browser_network_requests'),
  A('attach invoice.pdf to the file input', 'playwright:browser_file_upload'),
  A('wait for "Payment complete" to show up', 'playwright:browser_wait_for'),
  Q('click OK on the popup dialog', 'playwright:browser_handle_dialog'),
  A('hover the mouse over the "Help" icon', 'playwright:browser_hover', 'puppeteer:puppeteer_hover'),
  Q('close the current browser page', 'playwright:browser_close', 'playwright:browser_tabs'),
  Q('switch to the second tab', 'playwright:browser_tabs'),
  Q('get the accessibility tree of this page', 'playwright:browser_snapshot'),
  A('drag the file row "q3.xlsx" into the Shared folder', 'playwright:browser_drag'),
  Q('pretend to be a printer and check the print stylesheet', 'playwright:browser_emulate_media'),

  // Google Maps
  A('what are the lat/long of the Sydney Opera House', 'maps:maps_geocode'),
  A('turn 51.5007, -0.1246 into a street address', 'maps:maps_reverse_geocode'),
  A('any good sushi places near Shibuya station?', ...LOCAL),
  A("how do I get from Heathrow to King's Cross by public transport", 'maps:maps_directions'),
  A(
    'how long does it take to drive from San Francisco to Los Angeles',
    'maps:maps_distance_matrix',
    'maps:maps_directions',
  ),
  A('how high above sea level is Denver', 'maps:maps_elevation'),
  A('is the Louvre open on Mondays and what is its rating', 'maps:maps_place_details', 'maps:maps_search_places'),
  A('find gas stations near 94103', ...LOCAL),

  // Brave Search
  A('search online for "best mechanical keyboard 2026"', 'brave:brave_web_search'),
  A("what's the latest news on the Artemis mission", 'brave:brave_web_search'),
  A('look up the vite 6 migration guide on the internet', 'brave:brave_web_search'),
  A('find a dentist in Portland, Oregon', ...LOCAL),

  // Postgres
  A('how many signups did we get yesterday? the table is signups', 'postgres:query'),
  A('show me the columns of the invoices table in the db', 'postgres:query'),
  A("SELECT email FROM users WHERE created_at > now() - interval '7 days'", 'postgres:query'),
  Q('query postgres', 'postgres:query'),

  // EverArt
  A('make me an image of a lighthouse at sunset in watercolor style', 'everart:generate_image'),
  A('design a picture of a robot reading a book for my blog header', 'everart:generate_image'),
  Q('generate artwork with AI', 'everart:generate_image'),

  // no tool of the registry does these
  A('delete the file build/tmp.o'),
  A('rm -rf node_modules'),
  A('make run.sh executable'),
  A('send Laura an email saying I will be late'),
  A('check my inbox for messages from HR'),
  A('add dentist appointment on June 4 at 9am to my calendar'),
  A('lock the front door'),
  A('transfer 100 USD to my savings account'),
  A('translate "where is the train station" into German'),
  A('play some jazz on the kitchen speaker'),
  A('set an alarm for 6:30'),
  A('remind me to call the bank at 4pm'),
  A('delete my message in #general from this morning'),
  A('create a new slack channel called #launch'),
  A('invite Ben to the #design channel'),
  A('set my slack status to "on vacation"'),
  A('delete the github repo acme/old-site'),
  A('close pull request 12 without merging'),
  A('add the label "needs-triage" to the repository settings'),
  A('star sindresorhus/awesome'),
  A('create a release v2.1.0 with release notes on github'),
  A('delete the notion workspace'),
  A('create a Google Doc called Minutes'),
  A('book an Uber to the airport'),
  A('order two large coffees from Starbucks'),
  A('pay the electricity bill of $84'),
  A('record my screen for 30 seconds'),
  A('install the npm package lodash'),
  A('git commit -am "wip" in my local repo'),
  A('restart the docker container api-1'),
  A('shut down the computer'),
  A('convert report.docx to PDF'),
  A('encrypt secrets.txt with my GPG key'),
  Q('back up my phone'),
  Q('print this page on paper'),
  Q('change my wifi password'),
];
