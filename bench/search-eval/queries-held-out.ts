// The FIRST held-out set of the search evaluation: written on 2026-12-02 together with the tuning set
// (queries-tuning.ts) before any change to the ranker, kept apart while the first ranker was tuned and run once at
// the end (figures in bench/README.md). Having been run and published, it is no longer held out: since the second
// round of issue 20 it is part of the tuning set (sets.ts), and queries-held-out-2.ts is held out instead. No test
// asserts its scores. Same conventions as the tuning set: more than
// half carry real arguments, a quarter are requests no tool of the registry can do. Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
const LIST = ['filesystem:list_directory', 'filesystem:list_directory_with_sizes'];
const NAVIGATE = ['playwright:browser_navigate', 'puppeteer:puppeteer_navigate'];

export const HELD_OUT_QUERIES: LabelledQuery[] = [
  // filesystem
  A('print the contents of README.md', ...READ),
  A('open notes/todo.txt', ...READ),
  A('tail the last 50 lines of app.log', ...READ),
  A('create a file called hello.py containing print(1)', 'filesystem:write_file'),
  A('overwrite settings.json with the new config', 'filesystem:write_file'),
  A('make a folder named assets', 'filesystem:create_directory'),
  Q('ls', ...LIST),
  A('ls -la /var/www', ...LIST),
  A('move report.pdf into the archive folder', 'filesystem:move_file'),
  A('locate every file named Dockerfile', 'filesystem:search_files'),
  A('when was budget.xlsx last modified', 'filesystem:get_file_info'),
  Q('which paths can this server see', 'filesystem:list_allowed_directories'),
  A('change the port from 3000 to 8080 in server.js', 'filesystem:edit_file'),
  Q('recursive listing of a project as JSON', 'filesystem:directory_tree'),
  A('get the audio file intro.mp3 as base64', 'filesystem:read_media_file'),
  A('read a.txt, b.txt and c.txt at once', 'filesystem:read_multiple_files'),
  Q('how much space does each file in this folder take', 'filesystem:list_directory_with_sizes'),
  Q('patch a few lines of a text file and show the diff', 'filesystem:edit_file'),

  // memory (knowledge graph)
  A('delete the entity Acme Corp from memory', 'memory:delete_entities'),
  A('store a note that Priya prefers dark mode', 'memory:add_observations', 'memory:create_entities'),
  A("Tom is Jerry's manager, save that connection", 'memory:create_relations'),
  Q('show everything in memory', 'memory:read_graph'),
  A('find what you know about Kubernetes', 'memory:search_nodes', 'memory:open_nodes'),
  A('open the nodes Alice and Bob', 'memory:open_nodes'),
  A('Sam moved away, remove the observation "lives in Berlin"', 'memory:delete_observations'),
  Q('unlink two entities', 'memory:delete_relations'),
  A('create entities for Paris and London of type city', 'memory:create_entities'),
  Q('add details to an existing person', 'memory:add_observations'),

  // sequential thinking
  Q('reason through this problem with revisions', 'thinking:sequentialthinking'),
  A('break down how to refactor auth.ts into steps of thought', 'thinking:sequentialthinking'),

  // everything (the MCP reference server)
  A('repeat back "hello there"', 'everything:echo'),
  A('what is 3 plus 4', 'everything:get-sum'),
  A('print the value of PATH', 'everything:get-env'),
  Q('compress a file', 'everything:gzip-file-as-resource'),
  A('run an operation for 10 seconds in 5 steps', 'everything:trigger-long-running-operation'),
  Q('subscribe to resource updates', 'everything:toggle-subscriber-updates'),
  Q('give me some resource links', 'everything:get-resource-links'),
  A('get structured content for New York', 'everything:get-structured-content'),

  // GitHub and GitLab
  A('file a bug in octo/app: crash on startup', 'github:create_issue', 'gitlab:create_issue'),
  A(
    'create a pull request for branch fix-typo against develop',
    'github:create_pull_request',
    'gitlab:create_merge_request',
  ),
  A('squash and merge PR 77', 'github:merge_pull_request'),
  A('show the open bugs in kubernetes/kubernetes', 'github:list_issues', 'github:search_issues'),
  A('get issue #5 in acme/api', 'github:get_issue'),
  A('reply on issue 301 saying it is fixed', 'github:add_issue_comment'),
  A('assign issue 12 to alice', 'github:update_issue'),
  Q("copy someone else's repository into my account", 'github:fork_repository', 'gitlab:fork_repository'),
  A('make a branch feature/search off develop', 'github:create_branch', 'gitlab:create_branch'),
  A('which files does pull request #8 touch', 'github:get_pull_request_files'),
  A('are the status checks green on PR 230', 'github:get_pull_request_status'),
  A('look for repos named awesome-mcp', 'github:search_repositories', 'gitlab:search_repositories'),
  A('grep GitHub for "TODO(john)"', 'github:search_code'),
  A('who is the user gaearon on github', 'github:search_users'),
  A('fetch the package.json of expressjs/express', 'github:get_file_contents', 'gitlab:get_file_contents'),
  A('commit docs/a.md and docs/b.md together to main', 'github:push_files', 'gitlab:push_files'),
  A('history of commits in torvalds/linux', 'github:list_commits'),
  A('request changes on pull request 14', 'github:create_pull_request_review'),
  A('read the reviews left on PR 9', 'github:get_pull_request_reviews', 'github:get_pull_request_comments'),
  Q('rebase a pull request onto its base branch', 'github:update_pull_request_branch'),
  A('new repo called my-website', 'github:create_repository', 'gitlab:create_repository'),
  A('change line 3 of CONTRIBUTING.md on github', 'github:create_or_update_file', 'github:push_files'),
  Q('open a merge request', 'gitlab:create_merge_request'),
  A('gitlab: read the file app/main.go from project 88', 'gitlab:get_file_contents'),
  A('pull requests waiting for review in acme/site', 'github:list_pull_requests', 'github:search_issues'),
  Q('search users', 'github:search_users'),
  A('find issues labelled good-first-issue across GitHub', 'github:search_issues', 'github:list_issues'),
  A('add a comment to github issue 42 in foo/bar', 'github:add_issue_comment'),

  // Slack
  A('send "meeting at 3pm" to the #team channel', 'slack:slack_post_message'),
  A('answer Sarah in the thread on slack', 'slack:slack_reply_to_thread'),
  A('add an eyes emoji reaction to the message', 'slack:slack_add_reaction'),
  A('read the last 20 messages in #support', 'slack:slack_get_channel_history'),
  Q('which channels exist', 'slack:slack_list_channels'),
  A('what is the title and email of slack user U42', 'slack:slack_get_user_profile'),
  Q('list all members of the workspace', 'slack:slack_get_users'),
  Q('get all replies in a thread', 'slack:slack_get_thread_replies'),

  // Notion
  A('find the notion page called Onboarding', 'notion:API-post-search'),
  A('add a new page to the Engineering wiki in Notion', 'notion:API-post-page'),
  A('read the children of block 55aa', 'notion:API-get-block-children'),
  Q('update a notion block', 'notion:API-update-a-block'),
  A('get notion user 7c9d', 'notion:API-get-user'),
  A('read the comments on the page Design Review', 'notion:API-retrieve-a-comment'),
  A('rewrite the Changelog page content in markdown', 'notion:API-update-page-markdown'),
  A('set the Status property of page 123 to Done', 'notion:API-patch-page'),
  Q('create a database in notion', 'notion:API-create-a-data-source'),
  A(
    'show the schema of the notion database 42ab',
    'notion:API-retrieve-a-database',
    'notion:API-retrieve-a-data-source',
  ),
  Q('list templates in a data source', 'notion:API-list-data-source-templates'),
  A('get the value of the Due date property on page 9', 'notion:API-retrieve-a-page-property'),

  // browsers (Playwright, Puppeteer)
  A('go to github.com in the browser', ...NAVIGATE),
  A('capture the page as screenshot.png', 'playwright:browser_take_screenshot', 'puppeteer:puppeteer_screenshot'),
  A('click on the link "Pricing"', 'playwright:browser_click', 'puppeteer:puppeteer_click'),
  A(
    'enter my email ana@example.com in the email field',
    'playwright:browser_type',
    'puppeteer:puppeteer_fill',
    'playwright:browser_fill_form',
  ),
  Q('accessibility snapshot of the page', 'playwright:browser_snapshot'),
  A('press Escape on the keyboard', 'playwright:browser_press_key'),
  A('drag the card "Todo 1" onto the Done column', 'playwright:browser_drag'),
  A('execute window.scrollTo(0, 0) in the browser', 'playwright:browser_evaluate', 'puppeteer:puppeteer_evaluate'),
  A('choose the option "Large" from the size select', 'playwright:browser_select_option', 'puppeteer:puppeteer_select'),
  Q('open a new browser tab', 'playwright:browser_tabs'),
  A('find the text "Out of stock" on the page', 'playwright:browser_find'),
  A('show the response body of network request 3', 'playwright:browser_network_request'),
  Q('dismiss the confirm popup', 'playwright:browser_handle_dialog'),
  A('wait 5 seconds', 'playwright:browser_wait_for'),
  A('mouse over the avatar image', 'playwright:browser_hover', 'puppeteer:puppeteer_hover'),
  Q('emulate reduced motion', 'playwright:browser_emulate_media'),
  A('drop photo.jpg onto the upload area', 'playwright:browser_drop', 'playwright:browser_file_upload'),
  Q('run a playwright script', 'playwright:browser_run_code_unsafe'),

  // Google Maps
  A('geocode "10 Downing Street, London"', 'maps:maps_geocode'),
  A('which street is at latitude 40.7 longitude -74.0', 'maps:maps_reverse_geocode'),
  A('restaurants within 500 m of the Eiffel Tower', 'maps:maps_search_places', 'brave:brave_local_search'),
  A('how do I walk from Central Park to Times Square', 'maps:maps_directions'),
  A('travel time from Paris and Lyon to Marseille', 'maps:maps_distance_matrix'),
  Q('altitude of a location', 'maps:maps_elevation'),
  A('reviews and phone number of Blue Bottle Coffee', 'maps:maps_place_details', 'maps:maps_search_places'),

  // Brave Search
  A('google "typescript satisfies operator"', 'brave:brave_web_search'),
  A('look online for reviews of the Framework laptop', 'brave:brave_web_search'),
  A('local plumbers in Austin TX', 'brave:brave_local_search', 'maps:maps_search_places'),

  // Postgres
  A('how many rows are in the orders table', 'postgres:query'),
  A('execute "select * from accounts limit 5"', 'postgres:query'),

  // EverArt
  A('draw a logo for my bakery "Sweet Crumbs"', 'everart:generate_image'),
  Q('AI image generation', 'everart:generate_image'),

  // no tool of the registry does these
  A('remove temp/cache.bin from disk'),
  A('email the report to finance@acme.com'),
  A('reserve a table for two at 8pm'),
  A('translate this paragraph into Spanish'),
  A('turn off the living room lights'),
  Q('pause the music'),
  A("invite Carla to Tuesday's standup meeting on my calendar"),
  A('edit my last slack message to fix a typo'),
  A('archive the slack channel #old-project'),
  Q('delete a slack user'),
  A('delete the repo acme/legacy'),
  Q('mark an email as read'),
  A('change the owner of data.db to www-data'),
  A('send 0.1 BTC to this wallet address'),
  Q('convert a Word document to PDF'),
  A('order groceries for delivery tomorrow'),
  A('run the unit tests with npm test'),
  A('reboot the server db-01'),
  A('create a Trello card "Fix login"'),
  Q('list files in my Dropbox'),
  A('scale the kubernetes deployment web to 5 replicas'),
  A('delete the tag v1.0.0 from the repository'),
  Q('mute a slack channel'),
  A('post on LinkedIn about our launch'),
  A('call +1 555 0100'),
  A('track my package 1Z999AA10123456784'),
  Q('build a docker image'),
  Q('take a photo with the webcam'),
  A('extract files.zip into ./out'),
  Q('pin a message in slack'),
  A('OCR the scanned receipt.png'),
  Q('fax a document'),
  A('split big.csv into 10 parts'),
  Q('send a push notification'),
  A('empty the trash folder'),
  Q('delete a label from a repository'),
  A('sell my Tesla shares'),
  A('unstar the repo facebook/react'),
  Q('snooze notifications'),
  A('crop screenshot.png to the top half'),
];
