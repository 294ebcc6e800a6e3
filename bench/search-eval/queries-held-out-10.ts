// The TENTH HELD-OUT set of the search evaluation, written on 2026-12-07 by a helper that never saw the ranker: not
// its code, not its scores on any earlier set, not the evaluation's scoring, tuning, fold or run code, not the
// README, docs, tests, notes or commit messages about it. What was read to label it is labels.ts (the helpers and the
// LabelledQuery type), how registry.ts forms the names, the registry's tools themselves (the 147 tools of
// mcp-tools.json and padding-tools.json: names, descriptions, parameters; padding-tools.json holds eight of the
// fourteen servers, so both files were read) and the first 40 lines of queries-held-out-9.ts for the shape of the
// file. The earlier sets were only loaded by a small checker script (_dupes.ts) that reported which queries of this
// set already appeared in one of them, so none repeats. Neither the ranker nor the evaluation has been run on it.
// The queries imagine many authors (a pharmacist, a civil engineer, a game modder, a translator, a support agent, a
// PhD student, a product manager, a hobby photographer, a sysadmin, a teenager, a bakery owner, a nurse, a D&D game
// master, a non-native English speaker …) typing to a coding or desktop assistant that passes the request on to the
// tool search: short commands, chatty questions, goals rather than tool words, paraphrases that avoid the tools' own
// words, shell, git, gh, glab and psql habits, some typos and odd casing, from two words to two sentences, most
// carrying real arguments (paths, ids, people, channels, thread timestamps, issue and PR numbers, URLs, SQL, repo
// slugs, quoted text, coordinates, place ids, dates). Every server is covered roughly in proportion to its tool
// count, each at least six times, and every one of the 147 tools is expected at least once; an answerable query
// names every tool of the registry that does what it asks (GitHub and GitLab both only when the request names
// neither). A query naming no tool asks for something no tool here does: most are near misses at the edge of a
// server (deleting, copying, chmod-ing, unzipping or content-grepping files, renaming a memory entity, deleting
// GitHub branches or repos, releases, Actions runs, collaborators, review requests, gists, commit diffs, listing
// branches, listing or merging or commenting on GitLab merge requests, GitLab issue lists, pipelines and CI
// variables, searching, editing, deleting, pinning or scheduling Slack messages, creating channels, Slack status,
// sharing, exporting, duplicating or versioning Notion pages and full-text Notion search, writing with the read-only
// SQL tool, editing or upscaling an existing image, video, live traffic, street view, time zones, browser bookmarks
// and saved passwords), the others plainly outside every server (email, calendars, reminders, kubectl, docker, ssh,
// payments, rides, music, printing). Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
const READ_MANY = ['filesystem:read_multiple_files', 'filesystem:read_text_file', 'filesystem:read_file'];
const LS = ['filesystem:list_directory', 'filesystem:list_directory_with_sizes', 'filesystem:directory_tree'];
const REMEMBER = ['memory:create_entities', 'memory:add_observations'];
const RECALL = ['memory:search_nodes', 'memory:open_nodes', 'memory:read_graph'];
const THINK = 'thinking:sequentialthinking';
const GH_FILE = ['github:create_or_update_file', 'github:push_files'];
const GL_FILE = ['gitlab:create_or_update_file', 'gitlab:push_files'];
const GH_PRS = ['github:list_pull_requests', 'github:search_issues'];
const GH_ISSUES = ['github:list_issues', 'github:search_issues'];
const PR_COMMENT = ['github:add_issue_comment', 'github:create_pull_request_review'];
const NOTION_READ = ['notion:API-get-block-children', 'notion:API-retrieve-page-markdown'];
const NOTION_APPEND = ['notion:API-patch-block-children', 'notion:API-update-page-markdown'];
const NOTION_DROP_BLOCK = ['notion:API-delete-a-block', 'notion:API-update-a-block'];
const NOTION_TRASH_PAGE = ['notion:API-patch-page', 'notion:API-delete-a-block'];
const DB_SCHEMA = ['notion:API-retrieve-a-data-source', 'notion:API-retrieve-a-database'];
const GOTO = ['playwright:browser_navigate', 'puppeteer:puppeteer_navigate'];
const SHOT = ['playwright:browser_take_screenshot', 'puppeteer:puppeteer_screenshot'];
const CLICK = ['playwright:browser_click', 'puppeteer:puppeteer_click'];
const FILL = ['playwright:browser_type', 'puppeteer:puppeteer_fill', 'playwright:browser_fill_form'];
const PICK = ['playwright:browser_select_option', 'puppeteer:puppeteer_select'];
const HOVER = ['playwright:browser_hover', 'puppeteer:puppeteer_hover'];
const JS = ['playwright:browser_evaluate', 'puppeteer:puppeteer_evaluate', 'playwright:browser_run_code_unsafe'];
const FIND_ON_PAGE = ['playwright:browser_find', 'playwright:browser_snapshot'];
const PLACES = ['maps:maps_search_places', 'brave:brave_local_search'];
const TRAVEL = ['maps:maps_directions', 'maps:maps_distance_matrix'];
const WEB = 'brave:brave_web_search';
const SQL = 'postgres:query';
const ART = 'everart:generate_image';

export const HELD_OUT_10_QUERIES: LabelledQuery[] = [
  // filesystem
  A('cat ~/notes/pharmacy/interactions.md', ...READ),
  A("what's inside /srv/app/config/settings.yaml? paste it here pls", ...READ),
  A('show me only the last 50 lines of /var/log/nginx/error.log', ...READ),
  A('first 20 rows of data/survey_2026.csv, I just want to see the header', ...READ),
  A('open translations/de.po and translations/fr.po side by side so I can compare the msgstr lines', ...READ_MANY),
  A('read load_order.txt, plugins.txt and Skyrim.ini from ~/mods/skyrim all at once', ...READ_MANY),
  A(
    'can you look at the photo ~/Pictures/2026-11-30/DSC_0412.jpg and tell me if it is overexposed',
    'filesystem:read_media_file',
  ),
  A('load the voice memo recordings/interview-03.m4a so you can hear it', 'filesystem:read_media_file'),
  A('ls /home/ana/projects/thesis', ...LS),
  Q("what's in the folder we're working in?", ...LS),
  A('which things in ~/Downloads take up the most room? biggest first', 'filesystem:list_directory_with_sizes'),
  A('give me a recursive tree of src/ but leave out node_modules and dist', 'filesystem:directory_tree'),
  A("create TODO.txt in ~/bridge-calcs containing 'check load combos for span 3'", 'filesystem:write_file'),
  A('save this as /tmp/dosage_table.csv:\ndrug,mg\nibuprofen,400\nparacetamol,500', 'filesystem:write_file'),
  A(
    "overwrite README.md with a fresh one: '# Bridge Loads' and one line 'Calculations for the Elm St bridge.'",
    'filesystem:write_file',
  ),
  A('in config/app.env switch LOG_LEVEL=debug to LOG_LEVEL=warn', 'filesystem:edit_file'),
  A(
    "dry run first: what would changing 'colour' to 'color' in docs/intro.md look like as a diff",
    'filesystem:edit_file',
  ),
  A('append the line export PATH=$HOME/.local/bin:$PATH to the bottom of ~/.bashrc', 'filesystem:edit_file'),
  A('mkdir -p ~/photos/2026/iceland/raw', 'filesystem:create_directory'),
  A('set up an empty folder reports/q4/charts for me', 'filesystem:create_directory'),
  A('rename draft_v3_FINAL_final.docx to thesis_chapter2.docx', 'filesystem:move_file'),
  A('mv ~/Desktop/invoice_1123.pdf ~/Documents/invoices/2026/', 'filesystem:move_file'),
  A('where did I leave my *.blend files? look everywhere under ~/art', 'filesystem:search_files'),
  A('find every package.json in the monorepo, skip anything inside node_modules', 'filesystem:search_files'),
  A('is there a .env.production file somewhere in ~/work? cant remember where', 'filesystem:search_files'),
  A('when was /etc/hosts last modified?', 'filesystem:get_file_info'),
  A('permissions + creation date of scripts/deploy.sh', 'filesystem:get_file_info'),
  A('how big is backups/db-2026-12-01.sql.gz exactly', 'filesystem:get_file_info'),
  Q('which folders are you even allowed to open on this machine?', 'filesystem:list_allowed_directories'),
  Q('before we start: what paths does the file server give you access to', 'filesystem:list_allowed_directories'),
  A('rm /var/tmp/render/*.tmp'),
  A('copy the folder ~/thesis/figures onto the usb stick at /media/usb'),
  A('chmod +x scripts/build.sh'),
  A("grep -rn 'TODO(ana)' src/ --include=*.py"),
  A('make a symlink ~/bin/python pointing at /usr/bin/python3.12'),
  Q('how much free disk space is left on this drive?'),
  A('unzip ~/Downloads/assets_pack.zip into mods/textures'),
  A('chown -R www-data /srv/www'),
  A('keep an eye on ~/inbox and ping me whenever a new file lands there'),
  A('zip the whole ~/thesis folder into thesis.zip'),

  // memory
  A("remember that my pharmacy's wholesaler is Phoenix and orders go out on Tuesdays", ...REMEMBER),
  A('note for later: Kenji prefers to be called Ken, he is on the translation team', ...REMEMBER),
  A('add to what you know about Project Nightjar: the deadline moved to Feb 14', 'memory:add_observations'),
  A("store a new person 'Dr. Ilse Brandt' (type: supervisor) who meets me on Thursdays", 'memory:create_entities'),
  A(
    "new entity for my D&D campaign: 'Vexmoor', a city, ruled by a lich, has a smugglers' port",
    'memory:create_entities',
  ),
  A('link Ken -> works_with -> Marisol in the knowledge graph', 'memory:create_relations'),
  A("connect 'Elm Street Bridge' to 'Denver Office' with the relation designed_by", 'memory:create_relations'),
  A("forget everything about 'Old Landlord'", 'memory:delete_entities'),
  A('wipe the entities Test1, Test2 and Test3 from memory', 'memory:delete_entities'),
  A("drop the note 'allergic to penicillin' from Grandpa Joe, that was a mistake", 'memory:delete_observations'),
  A('Ken does not report to Marisol anymore, remove that connection', 'memory:delete_relations'),
  A('what do you remember about Marisol?', ...RECALL),
  Q('do you still know which camera lens is my favourite?', ...RECALL),
  A("look through your memory for anything mentioning 'insulin'", 'memory:search_nodes', 'memory:read_graph'),
  A("pull up the nodes 'Project Nightjar' and 'Dr. Ilse Brandt'", 'memory:open_nodes'),
  Q('show me the whole knowledge graph, every entity and relation', 'memory:read_graph'),
  Q('dump everything u have stored about me', 'memory:read_graph'),
  A("rename the entity 'Ken' to 'Kenji Watanabe' in your memory"),
  A('remind me tomorrow at 9 to call the wholesaler'),

  // sequential thinking
  Q(
    "let's reason through this step by step before answering: should we shard the database or add read replicas?",
    THINK,
  ),
  Q('break this into steps and revise as you go: planning a 3-week Japan trip on a tight budget', THINK),
  A(
    'think it through carefully, with room to backtrack: the beam deflects 14mm under 20kN but my model says 9mm, why?',
    THINK,
  ),
  Q('use a structured chain of thoughts to work out this proof, you can branch if an idea dies', THINK),
  A('puzzle: 3 switches, 1 bulb in another room, you may go there once. reason it out one thought at a time', THINK),
  Q('hmm this is tricky. go slowly, question your own assumptions, and correct yourself if needed', THINK),
  Q('plan the monolith-to-services migration as a sequence of thoughts you can revise later', THINK),

  // github
  A(
    "on github, update docs/CHANGELOG.md in acme/widgets on main with the 2.4.0 entry, commit msg 'changelog 2.4.0'",
    ...GH_FILE,
  ),
  A("commit a .github/FUNDING.yml with 'ko_fi: kaitomods' to my github repo kaito/pixel-mods", ...GH_FILE),
  A(
    "push index.html, style.css and app.js to github kaito/portfolio on main as one commit 'initial site'",
    'github:push_files',
  ),
  A("find github repos about 'openfoam tutorials', most starred first", 'github:search_repositories'),
  Q(
    'are there any good open source repos for pharmacy inventory management?',
    'github:search_repositories',
    'gitlab:search_repositories',
  ),
  A('make me a new private GitHub repo called thesis-latex, with a README', 'github:create_repository'),
  A(
    "new repo 'minecraft-datapacks', public, description 'my datapacks'",
    'github:create_repository',
    'gitlab:create_repository',
  ),
  A('show me packages/next/src/server/next.ts from vercel/next.js on github', 'github:get_file_contents'),
  A("what's in the top-level folder of torvalds/linux on GitHub", 'github:get_file_contents'),
  A(
    'grab the Dockerfile from our repo infra/platform, branch release-3',
    'github:get_file_contents',
    'gitlab:get_file_contents',
  ),
  A("gh issue create -R acme/widgets --title 'Crash on empty cart' --label bug", 'github:create_issue'),
  A(
    'file a bug in hoshi/translator-app: Japanese honorifics get dropped on export',
    'github:create_issue',
    'gitlab:create_issue',
  ),
  A(
    "open a PR on github from feature/dark-mode into main in acme/widgets titled 'Dark mode'",
    'github:create_pull_request',
  ),
  A('gh pr create --draft --base develop --head fix/typo-readme', 'github:create_pull_request'),
  A(
    'open a pull/merge request from feat/export to main in hoshi/translator-app',
    'github:create_pull_request',
    'gitlab:create_merge_request',
  ),
  A('fork godotengine/godot to my github account', 'github:fork_repository'),
  A("fork pallets/flask into our org 'teamrocket-labs'", 'github:fork_repository'),
  A('fork upstream/shared-configs so I can tweak it', 'github:fork_repository', 'gitlab:fork_repository'),
  A('create branch hotfix/1.2.1 off main in acme/widgets on GitHub', 'github:create_branch'),
  A('like git checkout -b experiment/new-loader but on the github remote kaito/pixel-mods', 'github:create_branch'),
  A('make a branch docs-typo-fixes in my repo ana-k/notes', 'github:create_branch', 'gitlab:create_branch'),
  A('git log of the develop branch in acme/widgets on github', 'github:list_commits'),
  A('what got committed to main in facebook/react lately?', 'github:list_commits'),
  A("open issues labelled 'good first issue' in rust-lang/rustlings", ...GH_ISSUES),
  A('closed issues in acme/widgets updated since 2026-11-01, newest first', ...GH_ISSUES),
  A("close issue #311 in acme/widgets, it's fixed", 'github:update_issue'),
  A("assign github issue 87 in hoshi/translator-app to mei-lin and tag it 'i18n'", 'github:update_issue'),
  A("retitle issue #12 of kaito/pixel-mods on github to 'Crash when loading saves > 2GB'", 'github:update_issue'),
  A("comment on issue #311 acme/widgets: 'Fixed in 2.4.0, please retest'", 'github:add_issue_comment'),
  A("reply under github issue 45 of oss/hydro-sim that we can't reproduce on v0.9", 'github:add_issue_comment'),
  A("leave a note on PR #902 in acme/widgets saying 'LGTM once CI passes'", ...PR_COMMENT),
  A("search github code for 'useSyncExternalStore' language:typescript", 'github:search_code'),
  A('where on github do dockerfiles set GDAL_DATA? show me examples', 'github:search_code'),
  A("search github issues for 'segfault on arm64' in repo:oss/hydro-sim", 'github:search_issues'),
  A("every PR I've authored that's still open, across all repos — I'm ana-k on github", 'github:search_issues'),
  A('look up github users located in Nairobi who code in Go', 'github:search_users'),
  Q('who has the most followers on GitHub?', 'github:search_users'),
  A('gh issue view 4412 -R microsoft/vscode', 'github:get_issue'),
  A('what does issue #87 in hoshi/translator-app on github actually say?', 'github:get_issue'),
  A('details of PR 902 in acme/widgets', 'github:get_pull_request'),
  A('is pull #55 in kaito/pixel-mods a draft? who opened it and from which branch?', 'github:get_pull_request'),
  A('list open pull requests targeting main in acme/widgets', ...GH_PRS),
  A('gh pr list -R oss/hydro-sim --state closed', ...GH_PRS),
  A('approve PR #902 in acme/widgets', 'github:create_pull_request_review'),
  A(
    "request changes on pull 55 of kaito/pixel-mods: 'please add tests for the save loader'",
    'github:create_pull_request_review',
  ),
  A('squash-merge PR #902 in acme/widgets', 'github:merge_pull_request'),
  A('gh pr merge 17 --rebase -R ana-k/dotfiles', 'github:merge_pull_request'),
  A('which files does PR #1203 touch in acme/widgets?', 'github:get_pull_request_files'),
  A('gh pr diff 55 --name-only -R kaito/pixel-mods', 'github:get_pull_request_files'),
  A('are the checks green on PR 902 in acme/widgets?', 'github:get_pull_request_status'),
  A('did CI pass for pull request #17 in ana-k/dotfiles', 'github:get_pull_request_status'),
  A('PR #902 in acme/widgets is behind main, bring its branch up to date', 'github:update_pull_request_branch'),
  A("pull master into pull request 55's branch in kaito/pixel-mods", 'github:update_pull_request_branch'),
  A('show me the inline review comments on PR 1203 in acme/widgets', 'github:get_pull_request_comments'),
  A('what line-by-line remarks did reviewers leave on #55 in kaito/pixel-mods', 'github:get_pull_request_comments'),
  A('who approved PR #902 in acme/widgets and who asked for changes?', 'github:get_pull_request_reviews'),
  A('list the reviews submitted on pull request 17 of ana-k/dotfiles', 'github:get_pull_request_reviews'),
  A('delete the branch feature/dark-mode from acme/widgets on github'),
  A('cut a v2.4.0 release on github for acme/widgets with the changelog as notes'),
  A('re-run the failed GitHub Actions job on PR 902'),
  A('add mei-lin as a collaborator with write access to hoshi/translator-app'),
  A('star godotengine/godot for me'),
  A('gh repo delete ana-k/old-blog --yes'),
  A('transfer issue #311 from acme/widgets over to acme/widgets-legacy'),
  A('what branches exist in acme/widgets on github?'),
  A('ask @tomasz to review PR 902 in acme/widgets'),
  A('turn this snippet into a secret gist: print("hi")'),
  A('show me the diff between commits a1b2c3d and e4f5a6b in acme/widgets'),
  A('edit my last comment on issue #311 to fix the typo "retset"'),
  A('which GitHub Actions workflow runs failed today in acme/widgets?'),

  // gitlab
  A('glab repo create hydro-sim-data --private', 'gitlab:create_repository'),
  A("new gitlab project 'clinic-scheduler', internal visibility, start it with a readme", 'gitlab:create_repository'),
  A("search gitlab for projects about 'bridge load rating'", 'gitlab:search_repositories'),
  A('show config/database.yml from gitlab project 4821 at ref staging', 'gitlab:get_file_contents'),
  A('read the .gitlab-ci.yml of group/infra on gitlab', 'gitlab:get_file_contents'),
  A("update README.md in gitlab project civil/bridge-tools on main, commit 'docs: units'", ...GL_FILE),
  A('rename docs/old.md to docs/setup.md in our gitlab repo fin/ledger with a commit', 'gitlab:create_or_update_file'),
  A(
    'commit src/a.py, src/b.py and tests/test_a.py to gitlab project fin/ledger, branch feat/vat, in one go',
    'gitlab:push_files',
  ),
  A("open a gitlab issue in fin/ledger 'VAT rounding off by 1 cent' and assign user 57", 'gitlab:create_issue'),
  A("glab mr create --source-branch feat/vat --target-branch main --title 'VAT fix'", 'gitlab:create_merge_request'),
  A(
    'start a draft merge request in civil/bridge-tools from units-refactor into develop',
    'gitlab:create_merge_request',
  ),
  A('fork gitlab project 4821 into my namespace ana.k', 'gitlab:fork_repository'),
  A('glab: create branch release/2026.12 from tag v2026.11.3 in fin/ledger', 'gitlab:create_branch'),
  A('on gitlab make a branch spike/tilemap in games/roguelike based on develop', 'gitlab:create_branch'),
  A('glab mr list --assignee=@me -R fin/ledger'),
  A('merge MR !42 in civil/bridge-tools on gitlab'),
  A('list the open issues in gitlab project fin/ledger'),
  A('close gitlab issue #19 in games/roguelike'),
  A('did the last pipeline on main pass for fin/ledger on gitlab?'),
  A("comment on gitlab merge request !42: 'rebased, please re-review'"),
  A('set CI variable AWS_REGION=eu-central-1 in gitlab project 4821'),
  A('glab issue view 19 -R games/roguelike'),
  A('recent commits on main in gitlab project fin/ledger'),

  // slack
  Q('what channels do we have in slack?', 'slack:slack_list_channels'),
  Q('give me the next page of public slack channels too', 'slack:slack_list_channels'),
  A("post in C04PHARM1: 'Flu vaccine stock arrived, 200 doses'", 'slack:slack_post_message'),
  A('tell #general (C0123GEN) the office is closed on Dec 24', 'slack:slack_post_message'),
  A("reply in thread 1733491200.004512 in channel C07DEV: 'deployed to staging'", 'slack:slack_reply_to_thread'),
  A("answer Priya's thread (ts 1733500011.000200, channel C05SUP) with 'refund issued'", 'slack:slack_reply_to_thread'),
  A('put a :white_check_mark: on message 1733491200.004512 in C07DEV', 'slack:slack_add_reaction'),
  A("thumbs-up Omar's message in C0123GEN, ts 1733400000.123400", 'slack:slack_add_reaction'),
  A("what's been going on in #support lately? channel C05SUP, last 30 msgs", 'slack:slack_get_channel_history'),
  A('catch me up on C07DEV, I was off for a week', 'slack:slack_get_channel_history'),
  A('show all the replies under thread 1733500011.000200 in C05SUP', 'slack:slack_get_thread_replies'),
  A(
    'what did people answer to my question in C04PHARM1? the thread ts is 1733300000.000900',
    'slack:slack_get_thread_replies',
  ),
  Q('list everyone in our slack workspace', 'slack:slack_get_users'),
  Q("who's on the slack team? need names and titles", 'slack:slack_get_users'),
  A("slack user U02ABCDEF — what's her time zone and job title?", 'slack:slack_get_user_profile'),
  A('get the full slack profile of U09XYZ123, I need his email', 'slack:slack_get_user_profile'),
  A("search slack for messages containing 'invoice 4471'"),
  A('delete the message I posted in C0123GEN at 1733491200.004512'),
  A("schedule 'standup in 5' to go out in C07DEV every weekday at 9:55"),
  A('create a new slack channel #proj-nightjar'),
  A("set my slack status to 'on leave until Jan 3' with a palm tree"),
  A('invite U09XYZ123 into channel C07DEV'),
  A('upload report.pdf to the #finance channel'),
  A('pin message 1733500011.000200 in C05SUP'),
  A('take back the :eyes: reaction I left on 1733491200.004512 in C07DEV'),
  A('archive the slack channel #proj-old, project is over'),
  A("edit my slack msg in C04PHARM1 — fix 'doeses' to 'doses'"),

  // notion
  A("find my notion page called 'Reading list 2026'", 'notion:API-post-search'),
  Q('search notion for the Q4 roadmap doc', 'notion:API-post-search'),
  A("which notion databases have 'inventory' in their name?", 'notion:API-post-search'),
  A('read the content of notion page 1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b', ...NOTION_READ),
  A('what did I write on the notion page 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d? summarise it', ...NOTION_READ),
  A('give me notion page 3c9e1b7a-2f4d-4e6a-8b1c-7d5e9f0a2b4c as markdown', 'notion:API-retrieve-page-markdown'),
  A(
    'export-ish: notion page 3c9e1b7a-2f4d-4e6a-8b1c-7d5e9f0a2b4c in markdown, include the meeting transcript',
    'notion:API-retrieve-page-markdown',
  ),
  A('list the child blocks of block 0a1b2c3d-1111-2222-3333-444455556666', 'notion:API-get-block-children'),
  A(
    "append a to-do 'call supplier' at the bottom of my Daily Log page in notion (5c5c7e2a-8f1b-4d3c-a6e9-2b7d4f1c0e8a)",
    ...NOTION_APPEND,
  ),
  A(
    'add three bullets under the Findings page 7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d: n=42, p<0.05, effect size small',
    ...NOTION_APPEND,
  ),
  A('fetch notion block 7e7e7e7e-aaaa-4bbb-8ccc-dddddddddddd', 'notion:API-retrieve-a-block'),
  A('is notion block 3f3f3f3f-1234-4abc-9def-567890abcdef a heading or a paragraph?', 'notion:API-retrieve-a-block'),
  A('tick the checkbox on to-do block 8d8d8d8d-0000-4111-8222-333344445555 in notion', 'notion:API-update-a-block'),
  A(
    "change the text of notion block 2b2b2b2b-6666-4777-8888-99990000aaaa to 'Meeting moved to Friday'",
    'notion:API-update-a-block',
  ),
  A('remove block 6c6c6c6c-bbbb-4ccc-9ddd-eeeeffff0000 from the notion page', ...NOTION_DROP_BLOCK),
  A('notion: get rid of block 44f0a1b2-c3d4-4e5f-a6b7-c8d9e0f1a2b3, the duplicated table', ...NOTION_DROP_BLOCK),
  A(
    'show status, owner and due date of notion page 12ab34cd-56ef-4a78-9b01-23cd45ef6789',
    'notion:API-retrieve-a-page',
  ),
  A('when was notion page 12ab34cd-56ef-4a78-9b01-23cd45ef6789 created and last edited?', 'notion:API-retrieve-a-page'),
  A('set Status to Done on notion page 12ab34cd-56ef-4a78-9b01-23cd45ef6789', 'notion:API-patch-page'),
  A(
    "give my notion page 'Trip to Lisbon' (e4d3c2b1-a0f9-4e8d-b7c6-a5b4c3d2e1f0) a plane emoji icon",
    'notion:API-patch-page',
  ),
  A('move notion page e4d3c2b1-a0f9-4e8d-b7c6-a5b4c3d2e1f0 to the trash', ...NOTION_TRASH_PAGE),
  A("create a notion page 'Sprint 48 retro' under page 77777777-aaaa-4bbb-8ccc-dddddddddddd", 'notion:API-post-page'),
  A(
    "add a row to my Recipes database (c0ffee00-1234-4567-89ab-cdef01234567): Name 'Shakshuka', Time 25 min",
    'notion:API-post-page',
  ),
  A(
    "just the 'Assignee' property (id %3DxYz) of notion page 12ab34cd-56ef-4a78-9b01-23cd45ef6789",
    'notion:API-retrieve-a-page-property',
  ),
  A(
    'the Tags property tgs1 on notion page 12ab34cd-56ef-4a78-9b01-23cd45ef6789 has hundreds of values, page through it',
    'notion:API-retrieve-a-page-property',
  ),
  A('what comments are on notion page 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d?', 'notion:API-retrieve-a-comment'),
  A(
    'read the discussion thread on block 0a1b2c3d-1111-2222-3333-444455556666 in notion',
    'notion:API-retrieve-a-comment',
  ),
  A(
    "comment on notion page 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d: 'numbers in table 2 look off, can you check?'",
    'notion:API-create-a-comment',
  ),
  A(
    "leave a notion comment on the Lisbon page e4d3c2b1-a0f9-4e8d-b7c6-a5b4c3d2e1f0: 'hotel booked!'",
    'notion:API-create-a-comment',
  ),
  A(
    "in the notion Tasks data source 5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9, items with Status 'In progress' sorted by due date",
    'notion:API-query-data-source',
  ),
  A(
    'which books in my reading-list data source 2468ace0-1357-4b9d-8f00-aabbccddeeff did I rate 5 stars?',
    'notion:API-query-data-source',
  ),
  A('what columns does notion data source 5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9 have?', ...DB_SCHEMA),
  A('retrieve notion database c0ffee00-1234-4567-89ab-cdef01234567', ...DB_SCHEMA),
  A(
    "rename notion data source 5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9 to 'Client Log 2027' and add a Priority select column",
    'notion:API-update-a-data-source',
  ),
  A(
    "make a notion database 'Pill Inventory' under page 77777777-aaaa-4bbb-8ccc-dddddddddddd with columns Drug, Strength, Qty, Expiry",
    'notion:API-create-a-data-source',
  ),
  A(
    'which templates can I use in notion data source 5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9?',
    'notion:API-list-data-source-templates',
  ),
  A(
    "move the notion page 'Old ideas' (0f0f0f0f-1e1e-4d2d-8c3c-4b4b5a5a6969) under Archive (a1a1a1a1-b2b2-4c3c-8d4d-e5e5f6f60707)",
    'notion:API-move-page',
  ),
  A(
    "notion: replace 'Q3' with 'Q4' everywhere on page 12ab34cd-56ef-4a78-9b01-23cd45ef6789",
    'notion:API-update-page-markdown',
  ),
  A(
    'overwrite notion page 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d with this markdown: # Agenda / - budget / - hiring',
    'notion:API-update-page-markdown',
  ),
  Q('list all the people in our notion workspace', 'notion:API-get-users'),
  A('who is notion user 6f1d2e3c-4b5a-4968-8776-655443322110?', 'notion:API-get-user'),
  Q('which bot user is this notion integration running as?', 'notion:API-get-self'),
  Q('sanity check the notion token — who am I authenticated as?', 'notion:API-get-self'),
  A("share the notion page 'Trip to Lisbon' publicly on the web"),
  A('export notion page 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d as a PDF'),
  A("restore yesterday's version of my notion page 'Budget 2027'"),
  A('invite mei@example.com as a member of our notion workspace'),
  A("duplicate the notion page 'Sprint template' for sprint 49"),
  A('who viewed notion page 12ab34cd-56ef-4a78-9b01-23cd45ef6789 this week?'),
  A("search inside the body text of every notion page for the word 'penicillin'"),
  A('lock notion database c0ffee00-1234-4567-89ab-cdef01234567 so nobody can edit it'),

  // browser: playwright and puppeteer
  A('open https://pharma-portal.example.com/login in the browser', ...GOTO),
  A('go to news.ycombinator.com', ...GOTO),
  A('launch puppeteer with headless false and load https://example.org/checkout', 'puppeteer:puppeteer_navigate'),
  Q('return to the page I was on before this one', 'playwright:browser_navigate_back'),
  Q('hit the browser back button pls', 'playwright:browser_navigate_back'),
  Q('grab a screenshot of what the browser is showing', ...SHOT),
  A('full-page screenshot of the whole scrolling page, save as pricing.png', 'playwright:browser_take_screenshot'),
  A('take an 1280x720 screenshot of #chart and hand it back base64-encoded', 'puppeteer:puppeteer_screenshot'),
  A('capture only the .invoice-total element as an image', ...SHOT),
  A('puppeteer screenshot named checkout-step2', 'puppeteer:puppeteer_screenshot'),
  Q('give me the accessibility snapshot of the page', 'playwright:browser_snapshot'),
  Q("what's on the page right now? I need element refs so you can click stuff", 'playwright:browser_snapshot'),
  A("dismiss the cookie banner by clicking 'Accept all'", ...CLICK),
  A('with puppeteer, click #submit-btn', 'puppeteer:puppeteer_click'),
  A("double-click the row 'Invoice 1123' in the table", 'playwright:browser_click'),
  A('right click the hero image so the context menu opens', 'playwright:browser_click'),
  A("type 'amoxicillin 500' into the search box and hit enter", ...FILL),
  A('fill input#email with ana@example.com', ...FILL),
  A("using puppeteer put 'climbing shoes' in #search", 'puppeteer:puppeteer_fill'),
  A(
    "fill the signup form: name 'Leo Park', email leo@park.dev, password hunter22, tick 'accept terms'",
    'playwright:browser_fill_form',
    'playwright:browser_type',
    'puppeteer:puppeteer_fill',
  ),
  A("choose 'Germany' in the country dropdown", ...PICK),
  A("pick 'Express (2 days)' from select#shipping", ...PICK),
  A("puppeteer: select 'XL' in select[name=size]", 'puppeteer:puppeteer_select'),
  A("hover over the 'Products' menu so the submenu drops down", ...HOVER),
  A('puppeteer hover .tooltip-trigger', 'puppeteer:puppeteer_hover'),
  A('evaluate document.title in the open tab and tell me the result', ...JS),
  A("evaluate [...document.querySelectorAll('a')].map(a => a.href) on the current page", ...JS),
  A('puppeteer_evaluate window.scrollTo(0, document.body.scrollHeight)', 'puppeteer:puppeteer_evaluate'),
  A(
    "run this playwright snippet: async (page) => { await page.pdf({ path: 'out.pdf' }) }",
    'playwright:browser_run_code_unsafe',
  ),
  A('send an Escape keypress so the lightbox overlay goes away', 'playwright:browser_press_key'),
  A('tap the ArrowDown key twice in the list', 'playwright:browser_press_key'),
  Q('ok we are done, shut the browser down', 'playwright:browser_close'),
  A('make the browser window 390x844 so it looks like an iPhone', 'playwright:browser_resize'),
  Q('any javascript errors in the console?', 'playwright:browser_console_messages'),
  A('save the console warnings since the session began to console-log.txt', 'playwright:browser_console_messages'),
  Q('a confirm() popup appeared, click OK on it', 'playwright:browser_handle_dialog'),
  A("the prompt box asks for a name — answer 'Tester' and accept", 'playwright:browser_handle_dialog'),
  Q('switch the page to dark mode', 'playwright:browser_emulate_media'),
  Q('emulate print media and prefers-reduced-motion', 'playwright:browser_emulate_media'),
  A('upload ~/Documents/cv_2026.pdf in the file chooser that just opened', 'playwright:browser_file_upload'),
  A('drag ~/Pictures/cat.png from my disk onto the dropzone', 'playwright:browser_drop'),
  A("drop the text 'hello world' as text/plain onto the editor area", 'playwright:browser_drop'),
  A("find where 'Out of stock' appears on the page", ...FIND_ON_PAGE),
  A('look for any element matching /error \\d+/i on this page', ...FIND_ON_PAGE),
  Q('show the network requests the page made', 'playwright:browser_network_requests'),
  A('list only the calls to /api/.*orders', 'playwright:browser_network_requests'),
  A('dump the response body of network request 7', 'playwright:browser_network_request'),
  A('what request headers did call number 3 send?', 'playwright:browser_network_request'),
  A("drag the card 'Fix login' from To Do into the Done column", 'playwright:browser_drag'),
  A('open another tab with https://status.example.com', 'playwright:browser_tabs'),
  A('list the open tabs and switch to tab 2', 'playwright:browser_tabs'),
  A("hold on until the text 'Payment successful' appears", 'playwright:browser_wait_for'),
  A('pause 5 seconds then continue', 'playwright:browser_wait_for'),
  A("wait for the 'Loading…' text to go away", 'playwright:browser_wait_for'),
  A('bookmark https://developer.mozilla.org in my browser'),
  Q('show me the passwords saved in my browser'),
  Q('clear the history of my everyday Chrome'),

  // google maps
  A('lat/long for 10 Downing Street, London pls', 'maps:maps_geocode'),
  A("geocode 'Rua Augusta 24, Lisboa'", 'maps:maps_geocode'),
  A('what street address is at 48.8584, 2.2945?', 'maps:maps_reverse_geocode'),
  A("my photo's EXIF says 64.1466, -21.9426 — where was it taken?", 'maps:maps_reverse_geocode'),
  A('an apotheke near Alexanderplatz in Berlin that is open now', ...PLACES),
  A('climbing gyms within 5 km of 47.3769, 8.5417', ...PLACES),
  A('details for place_id ChIJN1t_tDeuEmsRUsoyG83frY4 — opening hours and phone', 'maps:maps_place_details'),
  A('reviews and website for the place with id ChIJ2eUgeAK6j4ARbn5u_wAGqWA', 'maps:maps_place_details'),
  A('how many minutes by car from Fort Collins to Loveland', ...TRAVEL),
  A('walking directions from Shibuya Station to Meiji Shrine', 'maps:maps_directions'),
  A('step by step, how do I get from Brooklyn Bridge to JFK by transit', 'maps:maps_directions'),
  A(
    'distances and drive times from our warehouses in Leeds, York and Hull to Manchester and Liverpool',
    'maps:maps_distance_matrix',
  ),
  A('which of Porto, Braga or Coimbra is the shortest bike ride to Aveiro?', ...TRAVEL),
  A('elevation of the Mont Blanc summit at 45.8326, 6.8652', 'maps:maps_elevation'),
  A(
    'how high above sea level are the survey points (39.7392,-104.9903) and (39.5501,-105.7821)',
    'maps:maps_elevation',
  ),
  A('is there traffic on I-25 near Denver right now?'),
  A('show me the street view of 221B Baker Street'),
  A('what time zone is 35.6762, 139.6503 in?'),
  A("save 'Café Lua' to my google maps favourites"),
  Q('share my live location with my mom'),

  // brave search
  A("search the web for 'CVE-2026-1234 openssl'", WEB),
  A('whats the newest reporting on EU AI Act fines', WEB),
  Q('google how to get rid of mealybugs on succulents', WEB),
  A("what's the current world record for 100m freestyle? look it up online", WEB),
  A('find online reviews comparing the Fujifilm X-T5 and Sony a6700', WEB),
  A('best-rated ramen near Union Square SF', ...PLACES),
  A('brave local search: 24h vets in Leeds', ...PLACES),
  A("subscribe me to news alerts for 'lithium prices'"),

  // postgres
  A("SELECT count(*) FROM orders WHERE created_at >= '2026-11-01';", SQL),
  A('psql \\dt — which tables are in the db?', SQL),
  A('how many patients were admitted last week? table is admissions(admitted_at)', SQL),
  A('top 10 customers by total spend in the sales db', SQL),
  A('run: select version();', SQL),
  A('what columns does the users table have in postgres', SQL),
  A("explain analyze select * from shipments where status = 'late'", SQL),
  A("UPDATE products SET price = price * 1.05 WHERE category = 'tea';"),
  A('delete from sessions where expires_at < now()'),
  A('create index concurrently on orders(customer_id)'),
  A("insert into suppliers (name, country) values ('Phoenix', 'DE')"),
  A('pg_dump the whole database to backup.sql'),
  Q('add a new postgres login with a read-only role'),

  // everart
  A('generate an image of a cozy cabin in snowy mountains at dusk', ART),
  A("4 vector-style logo ideas for a bakery called 'Rise & Shine'", ART),
  A('photorealistic product shot of a ceramic mug on a wooden table, Recraft-Real model', ART),
  Q('I need some AI art for my D&D campaign poster', ART),
  A('draw me a pixel-art knight sprite, 3 variations', ART),
  A('illustration: a stone bridge over a river in watercolor, FLUX ultra quality', ART),
  A('remove the background from ~/Pictures/product.jpg'),
  A('upscale DSC_0412.jpg to 4k'),
  A('turn my selfie ~/Pictures/me.jpg into a cartoon version'),
  A('make a 10-second animated video of a dancing cat'),

  // everything (test server)
  A("echo 'ping 123'", 'everything:echo'),
  A('just repeat back exactly: Hallo Welt', 'everything:echo'),
  A('show me an annotated message example of type error', 'everything:get-annotated-message'),
  A('annotated message demo, success type, with the example image included', 'everything:get-annotated-message'),
  Q('show the env of the everything test server process', 'everything:get-env'),
  Q('what env vars does the test server see? debugging its config', 'everything:get-env'),
  A('give me 5 resource links', 'everything:get-resource-links'),
  A('resource reference for text resource id 3', 'everything:get-resource-reference'),
  A('blob resource reference number 7 please', 'everything:get-resource-reference'),
  A('run the structured-content example with Los Angeles', 'everything:get-structured-content'),
  A("what's the sum of 1234.5 and 678.9", 'everything:get-sum'),
  A('add 17 + 25', 'everything:get-sum'),
  Q('send me the tiny MCP logo image', 'everything:get-tiny-image'),
  A(
    'gzip https://example.com/data/report.csv as report.csv.gz and give me a link to download it',
    'everything:gzip-file-as-resource',
  ),
  Q('switch the random-level logging simulation on', 'everything:toggle-simulated-logging'),
  Q('stop the random fake log messages', 'everything:toggle-simulated-logging'),
  Q('toggle the simulated resource subscription updates', 'everything:toggle-subscriber-updates'),
  A('kick off a long-running demo operation, 20 seconds in 4 steps', 'everything:trigger-long-running-operation'),
  Q('test progress notifications with a long task', 'everything:trigger-long-running-operation'),
  A(
    "simulate a research query on 'solid-state batteries', ambiguous so it asks me to clarify",
    'everything:simulate-research-query',
  ),
  A("what's 48 times 12"),
  A('square root of 2 to ten decimals'),

  // outside every server
  A('send an email to dr.okafor@clinic.org with the lab results'),
  A("add 'dentist Dec 18 3pm' to my calendar"),
  A('kubectl rollout restart deploy/api -n prod'),
  A('docker compose up -d in ~/apps/nextcloud'),
  A('pay the electricity bill of €84.20'),
  A('book a table for 4 at Nopa tonight at 8pm'),
  A('order an Uber to the airport'),
  A('play some lo-fi music on spotify'),
  A("text my wife that I'm running late"),
  Q('shut down my laptop in 10 minutes'),
  A('ssh root@10.0.0.12 then systemctl restart nginx'),
  A('print report.pdf on the office printer'),
  A('convert ~/Videos/clip.mov to mp4'),
  A('git stash my local changes in ~/work/site'),
  A('set an alarm for 6:30am'),
];
