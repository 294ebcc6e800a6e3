// The THIRD HELD-OUT set of the search evaluation (issue 20): written on 2026-12-02 at ~16:45 UTC, in its own
// commit, before any change to the ranker of this round and without running the ranker on it. The second held-out
// set (queries-held-out-2.ts) was run and published, so it is no longer held out: it joined the tuning set. This
// set is phrased as people type requests to an assistant (terse commands, chatty asks, shell habits, typos of
// nothing; often with real arguments: file names, paths, people, ids, text), labelled with every tool of the
// registry that does what is asked; no tool named: nothing in the registry can do it. `npm run eval:search --
// --held-out` runs it, once, when tuning is over. Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
const LIST = ['filesystem:list_directory', 'filesystem:list_directory_with_sizes'];
const NAVIGATE = ['playwright:browser_navigate', 'puppeteer:puppeteer_navigate'];
const SCREENSHOT = ['playwright:browser_take_screenshot', 'puppeteer:puppeteer_screenshot'];
const CLICK = ['playwright:browser_click', 'puppeteer:puppeteer_click'];
const JS = ['playwright:browser_evaluate', 'puppeteer:puppeteer_evaluate', 'playwright:browser_run_code_unsafe'];
const LOCAL = ['maps:maps_search_places', 'brave:brave_local_search'];
const RECALL = ['memory:search_nodes', 'memory:open_nodes', 'memory:read_graph'];

export const HELD_OUT_3_QUERIES: LabelledQuery[] = [
  // filesystem
  A('cat src/index.ts', ...READ),
  A('print out /etc/hostname', ...READ),
  A('open README.md and tell me what it says', ...READ),
  A('skim notes/todo.txt and summarise it for me', ...READ),
  A('what does the makefile in the repo root contain', ...READ),
  A('diff a.yaml against b.yaml, load them both', 'filesystem:read_multiple_files', ...READ),
  A('read main.go, util.go and main_test.go together', 'filesystem:read_multiple_files', ...READ),
  A('create hello.py containing print("hi")', 'filesystem:write_file'),
  A('overwrite settings.json with the version I pasted', 'filesystem:write_file'),
  A('dump these results into out/results.csv', 'filesystem:write_file'),
  A('in server.js change port 3000 to 8080', 'filesystem:edit_file'),
  A('patch utils.ts so that the function foo is called bar', 'filesystem:edit_file'),
  A('mkdir -p build/assets/icons', 'filesystem:create_directory'),
  A('make a folder called screenshots in my home dir', 'filesystem:create_directory'),
  A('ls ~/Downloads', ...LIST),
  A('what is sitting in the src directory?', ...LIST, 'filesystem:directory_tree'),
  A('du -sh everything in ./logs', 'filesystem:list_directory_with_sizes', 'filesystem:get_file_info'),
  A('mv draft.md posts/final.md', 'filesystem:move_file'),
  A('shift photo1.jpg from Desktop into Pictures', 'filesystem:move_file'),
  A('locate every *.test.ts file under src', 'filesystem:search_files'),
  A('is there a docker-compose.yml anywhere in the repo', 'filesystem:search_files'),
  A('when was invoice.pdf last modified', 'filesystem:get_file_info'),
  A('stat /usr/local/bin/node', 'filesystem:get_file_info'),
  A('show the folder hierarchy of packages/ recursively', 'filesystem:directory_tree'),
  A('view the image logo.png', 'filesystem:read_media_file'),
  A('listen to recording.mp3 and give me the audio', 'filesystem:read_media_file'),
  Q('which folders am I allowed to touch', 'filesystem:list_allowed_directories'),
  Q('read a text file', ...READ),
  Q('create an empty directory', 'filesystem:create_directory'),

  // memory (knowledge graph)
  A('remember that my favourite colour is green', 'memory:create_entities', 'memory:add_observations'),
  A("don't forget: Sam is allergic to peanuts", 'memory:add_observations', 'memory:create_entities'),
  A('forget everything you know about Dave', 'memory:delete_entities'),
  A('store a new person called Priya Patel', 'memory:create_entities'),
  A('keep in mind that Tom manages the Berlin office', 'memory:create_relations', 'memory:add_observations'),
  A('link Project Apollo to the customer NASA in your knowledge base', 'memory:create_relations'),
  A('what have you got on Emma?', ...RECALL),
  A('recall the entries for Paris and London', 'memory:open_nodes', 'memory:search_nodes'),
  Q('dump your entire knowledge graph', 'memory:read_graph'),
  Q('tell me what you recall about me', ...RECALL),
  A('the fact that Raj lives in Pune is outdated, drop it', 'memory:delete_observations'),
  A('Sara and Mike are not married anymore, unlink them', 'memory:delete_relations'),
  A("add to Nina's entry that she speaks French", 'memory:add_observations'),
  A('anything in memory mentioning kubernetes?', 'memory:search_nodes'),

  // sequential thinking
  Q('let me reason about this step by step, revising as I go', 'thinking:sequentialthinking'),
  A(
    'break the problem of scheduling 12 meetings across 3 rooms into a chain of thoughts',
    'thinking:sequentialthinking',
  ),
  Q('think out loud in a sequence before answering', 'thinking:sequentialthinking'),

  // everything (the MCP reference server)
  A('echo "ping 123"', 'everything:echo'),
  A('add up 17 and 25', 'everything:get-sum'),
  Q('printenv', 'everything:get-env'),
  Q('give me a tiny test image', 'everything:get-tiny-image'),
  A('compress data.log with gzip', 'everything:gzip-file-as-resource'),
  Q('turn on the fake logging', 'everything:toggle-simulated-logging'),
  Q('start a slow task that reports its progress', 'everything:trigger-long-running-operation'),
  Q('subscribe me to simulated resource updates', 'everything:toggle-subscriber-updates'),
  Q('give me some resource links to test with', 'everything:get-resource-links'),
  A('run a deep research job on "solid-state batteries"', 'everything:simulate-research-query'),

  // GitHub and GitLab
  A('file a bug on octocat/hello-world: login button does nothing', 'github:create_issue'),
  A('new ticket in gitlab project 808: flaky test in CI', 'gitlab:create_issue'),
  A('list the open bugs in kubernetes/kubernetes', 'github:list_issues', 'github:search_issues'),
  A('show me ticket #902 in prisma/prisma', 'github:get_issue'),
  A('mark issue 55 in acme/web as closed', 'github:update_issue'),
  A('assign issue 12 of acme/web to @lena', 'github:update_issue'),
  A('reply on issue 340 with "fixed in v1.2"', 'github:add_issue_comment'),
  A('open a pull request from hotfix/login to main in acme/web', 'github:create_pull_request'),
  A('squash-merge PR 77', 'github:merge_pull_request'),
  A('which PRs are open on vuejs/core', 'github:list_pull_requests', 'github:search_issues'),
  A('details of PR 1203 in golang/go', 'github:get_pull_request'),
  A('which files does pull request 58 touch', 'github:get_pull_request_files'),
  A('did CI pass on PR 31 in acme/api?', 'github:get_pull_request_status'),
  A('request changes on PR 90: "please add tests"', 'github:create_pull_request_review'),
  A('what did reviewers write inline on PR 14', 'github:get_pull_request_comments'),
  A('who approved PR 402', 'github:get_pull_request_reviews'),
  A('rebase PR 66 onto the latest main', 'github:update_pull_request_branch'),
  A('git log of the develop branch in acme/api', 'github:list_commits'),
  A('spin up a new github repo named dotfiles', 'github:create_repository'),
  A('make my own copy of torvalds/linux on github', 'github:fork_repository'),
  A('cut a branch feature/search from main in acme/api', 'github:create_branch', 'gitlab:create_branch'),
  A('show me package.json from expressjs/express', 'github:get_file_contents', 'gitlab:get_file_contents'),
  A('update docs/setup.md in acme/web on github with the new steps', 'github:create_or_update_file'),
  A('push these 4 files to acme/web as one commit', 'github:push_files', 'gitlab:push_files'),
  A('search github for rust web frameworks', 'github:search_repositories'),
  A('grep github for "useSyncExternalStore" usages', 'github:search_code'),
  A('is there a github account called gaearon', 'github:search_users'),
  A('open an MR in gitlab project 77 from dev to main', 'gitlab:create_merge_request'),
  A('create a gitlab project called infra-tools', 'gitlab:create_repository'),
  A('find gitlab projects about terraform', 'gitlab:search_repositories'),

  // Slack
  A('ping #random with "standup in 5"', 'slack:slack_post_message'),
  A('let the team in #frontend know the release slipped to Friday', 'slack:slack_post_message'),
  A("answer Lisa's thread with a link to the doc", 'slack:slack_reply_to_thread'),
  A('react with :tada: to the announcement', 'slack:slack_add_reaction'),
  A('catch me up on #general from today', 'slack:slack_get_channel_history'),
  A('read the replies under message 1712345678.000200', 'slack:slack_get_thread_replies'),
  Q('which channels exist in our workspace', 'slack:slack_list_channels'),
  Q('show me all the members of our slack', 'slack:slack_get_users'),
  A("look up Omar's slack profile", 'slack:slack_get_user_profile'),

  // Notion
  A('search notion for "onboarding checklist"', 'notion:API-post-search'),
  A('start a notion page titled "Retro 14 Nov"', 'notion:API-post-page'),
  A('show notion page a1b2c3', 'notion:API-retrieve-a-page', 'notion:API-retrieve-page-markdown'),
  A('export the notion page Roadmap to markdown', 'notion:API-retrieve-page-markdown'),
  A(
    'rewrite notion page 9c9c with the text below',
    'notion:API-update-page-markdown',
    'notion:API-patch-block-children',
  ),
  A('append a paragraph "see you monday" to the notion page', 'notion:API-patch-block-children'),
  A('get the child blocks of notion block 44aa', 'notion:API-get-block-children'),
  A('delete notion block 7e7e', 'notion:API-delete-a-block'),
  A('who commented on the notion page Budget', 'notion:API-retrieve-a-comment'),
  A('leave a note "LGTM" as a comment on notion page 1234', 'notion:API-create-a-comment'),
  A('filter the Tasks database in notion to items due this week', 'notion:API-query-data-source'),
  A('set the Status property of notion page 5a5a to Done', 'notion:API-patch-page'),
  Q('which notion bot user am I', 'notion:API-get-self'),
  A('list the templates of the Meetings data source', 'notion:API-list-data-source-templates'),
  A('make a new database in notion for reading list', 'notion:API-create-a-data-source'),

  // browsers (Playwright, Puppeteer)
  A('open github.com in the browser', ...NAVIGATE),
  A('visit https://example.org/login', ...NAVIGATE),
  A('snap the page and save it as after.png', ...SCREENSHOT),
  A('press the Submit button', ...CLICK),
  A('enter "hello world" in the search box', 'playwright:browser_type', 'puppeteer:puppeteer_fill'),
  A('fill the checkout form with my address 12 Elm St', 'playwright:browser_fill_form', 'puppeteer:puppeteer_fill'),
  A('choose "Germany" from the country list', 'playwright:browser_select_option', 'puppeteer:puppeteer_select'),
  A('hit Enter', 'playwright:browser_press_key'),
  Q('back to the previous page', 'playwright:browser_navigate_back'),
  A('set the viewport to 1280x720', 'playwright:browser_resize'),
  A('evaluate document.title in the open page', ...JS),
  Q('show the browser console output', 'playwright:browser_console_messages', 'puppeteer:puppeteer_evaluate'),
  Q('what XHR calls has this page made', 'playwright:browser_network_requests'),
  A('attach resume.pdf in the upload field', 'playwright:browser_file_upload'),
  A('wait 3 seconds', 'playwright:browser_wait_for'),
  Q('accept the confirm() alert', 'playwright:browser_handle_dialog'),
  A('mouse over the Products menu', 'playwright:browser_hover', 'puppeteer:puppeteer_hover'),
  Q('open a new tab', 'playwright:browser_tabs'),
  A('drag the card "Fix login" to the Done column', 'playwright:browser_drag'),
  Q('switch the site to dark mode emulation', 'playwright:browser_emulate_media'),
  A('does the page say "Out of stock" anywhere', 'playwright:browser_find'),

  // Google Maps
  A('geocode 10 Downing Street, London', 'maps:maps_geocode'),
  A('what address is at 40.7484, -73.9857', 'maps:maps_reverse_geocode'),
  A('pizza near Union Square, San Francisco', ...LOCAL),
  A('route from Paris to Lyon by car', 'maps:maps_directions'),
  A('travel times from our 3 offices to the airport', 'maps:maps_distance_matrix'),
  A('altitude of Mount Kilimanjaro summit', 'maps:maps_elevation'),
  A('opening hours and phone number of the Blue Bottle cafe in Oakland', 'maps:maps_place_details', ...LOCAL),

  // Brave Search
  A('google "how to center a div"', 'brave:brave_web_search'),
  A('any news about the OpenSSL vulnerability this week', 'brave:brave_web_search'),
  A('look up the python 3.13 release date online', 'brave:brave_web_search'),
  A('plumbers in Austin TX', ...LOCAL),

  // Postgres
  A('count the rows in the orders table', 'postgres:query'),
  A('select * from customers limit 5', 'postgres:query'),
  A('what is the average order value in our database', 'postgres:query'),
  Q('run sql', 'postgres:query'),

  // EverArt
  A('draw a cat astronaut floating in space', 'everart:generate_image'),
  A('create an illustration of a cozy cabin in the snow', 'everart:generate_image'),
  Q('text to image', 'everart:generate_image'),

  // no tool of the registry does these
  A('rm old.log'),
  A('chmod 600 ~/.ssh/id_rsa'),
  A('zip the reports folder into reports.zip'),
  A('email the quarterly report to finance@acme.com'),
  A('schedule a meeting with Ana on Thursday at 2pm'),
  A('text my wife that I am on my way'),
  Q('call the pharmacy'),
  Q('dim the bedroom lights'),
  A('make the heating warmer by 2 degrees'),
  A('tweet "we just shipped v3"'),
  Q('post a photo to instagram'),
  A('buy AAPL shares worth $500'),
  A('convert 100 euros to dollars'),
  A("what's the weather in Oslo tomorrow"),
  A('archive #old-project on slack'),
  A('kick Tom out of the #secret channel'),
  A('delete the branch feature/old in acme/api'),
  Q('add a collaborator to my github repo'),
  A('transcribe meeting.wav to text'),
  A('npm run build'),
  A('docker ps'),
  A('ssh into the prod server'),
  A('delete the notion database Inventory'),
  A('uninstall Zoom'),
  A('translate this paragraph into Japanese'),
  Q('play a podcast'),
  Q('open spotify'),
  Q('check my bank balance'),
  Q('empty the trash'),
  Q('update my operating system'),
  Q('sync my contacts'),
  Q('snap a selfie with the laptop camera'),
  Q('compile the latex document'),
  Q('renew my passport'),
  A('block the user spammer42 on slack'),
  A('rotate my AWS access keys for the deploy user'),
  Q('defragment the hard drive'),
];
