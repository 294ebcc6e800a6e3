// The ELEVENTH HELD-OUT set of the search evaluation, written on 2026-12-07 by a helper that never saw the ranker: not
// its code, not its scores on any earlier set, not the evaluation's scoring, tuning, fold or run code, not the README,
// docs, tests, notes, git log or commit messages about it. What was read to label it is labels.ts (the helpers and the
// LabelledQuery type), how registry.ts forms the names, the registry's tools themselves (all 147 tools of
// mcp-tools.json and padding-tools.json: names, descriptions, parameters) and the first 30 lines of
// queries-held-out-10.ts for the shape of the file. The earlier sets (tuning and held-out 1 to 10) were only loaded by
// a throwaway checker script kept outside the repository, which printed just the queries of this set that collided
// with one of them (case-insensitive, trimmed) and the counts, never the earlier queries; every collision was
// rephrased, so none repeats. Neither the ranker nor the evaluation has been run on it. The queries imagine many new
// authors (a pharmacist, an architect, a translator, a sysadmin, a biology student, a sales rep, a novelist, a mobile
// developer, a QA tester, a product manager, a farmer, a security analyst, a beekeeper, a logistics planner, a
// journalist, a non-native English speaker …) typing to a coding or desktop assistant that passes the request on to
// the tool search: short commands, chatty questions, goals rather than tool words, shell, git, gh, glab, psql and
// kubectl habits, some typos and odd casing, from two words to two sentences, most carrying real arguments (paths,
// ids, people, channels, thread timestamps, issue and PR numbers, URLs, SQL, repo slugs, quoted text, coordinates,
// place ids, dates). Every server is covered roughly in proportion to its tool count, each at least eight times, and
// every one of the 147 tools is expected at least once; an answerable query names every tool of the registry that does
// what it asks (GitHub and GitLab both only when the request names neither, Playwright and Puppeteer both when the
// request names neither and both can do it). A query naming no tool asks for something no tool here does: most are
// near misses at the edge of a server (deleting, copying, chmod-ing, chown-ing, symlinking, unzipping or
// content-grepping files, free disk space, renaming, retyping or merging memory entities, undoing memory changes,
// deleting or listing GitHub branches, releases, Actions reruns and logs, collaborators, review requests, gists,
// stars, commit diffs, branch protection, repo transfer, listing, merging, approving or commenting on GitLab merge
// requests, listing or closing GitLab issues, pipelines and CI variables, editing, deleting, scheduling, pinning or
// searching Slack messages, creating channels, channel invitations, Slack status and channel topics, sharing,
// exporting, duplicating, locking or versioning Notion pages, full-text Notion search, workspace invitations and page
// permissions, writing with the read-only SQL tool, multiplying or subtracting with the sum tool, un-gzipping, setting
// environment variables, editing, upscaling or animating images, live traffic, street view, live location sharing,
// saved places, offline maps, browser bookmarks, saved passwords, extensions and personal history, search history),
// the others plainly outside every server (email, calendars, reminders, alarms, kubectl, docker, ssh, cron, payments,
// rides, music, printing, texting, calls, smart lights, bank accounts, wifi, domains). Data only.
import { A, Q, type LabelledQuery } from './labels.js';

const READ = ['filesystem:read_text_file', 'filesystem:read_file'];
const READ_MANY = ['filesystem:read_multiple_files', 'filesystem:read_text_file', 'filesystem:read_file'];
const LS = ['filesystem:list_directory', 'filesystem:list_directory_with_sizes', 'filesystem:directory_tree'];
const SIZE = ['filesystem:get_file_info', 'filesystem:list_directory_with_sizes'];
const LOCAL = ['maps:maps_search_places', 'brave:brave_local_search'];
const REMEMBER = ['memory:create_entities', 'memory:add_observations'];
const RECALL = ['memory:open_nodes', 'memory:search_nodes'];
const NEW_REPO = ['github:create_repository', 'gitlab:create_repository'];
const FORK = ['github:fork_repository', 'gitlab:fork_repository'];
const BRANCH = ['github:create_branch', 'gitlab:create_branch'];
const ISSUE = ['github:create_issue', 'gitlab:create_issue'];
const GET_FILE = ['github:get_file_contents', 'gitlab:get_file_contents'];
const PUT_FILE = [
  'github:create_or_update_file',
  'gitlab:create_or_update_file',
  'github:push_files',
  'gitlab:push_files',
];
const PUSH = ['github:push_files', 'gitlab:push_files'];
const OPEN_PR = ['github:create_pull_request', 'gitlab:create_merge_request'];
const FIND_REPO = ['github:search_repositories', 'gitlab:search_repositories'];
const GH_PUT = ['github:create_or_update_file', 'github:push_files'];
const GL_PUT = ['gitlab:create_or_update_file', 'gitlab:push_files'];
const GH_ISSUES = ['github:list_issues', 'github:search_issues'];
const GH_PRS = ['github:list_pull_requests', 'github:search_issues'];
const PR_FEEDBACK = ['github:get_pull_request_comments', 'github:get_pull_request_reviews'];
const GO = ['playwright:browser_navigate', 'puppeteer:puppeteer_navigate'];
const SHOT = ['playwright:browser_take_screenshot', 'puppeteer:puppeteer_screenshot'];
const CLICK = ['playwright:browser_click', 'puppeteer:puppeteer_click'];
const TYPE = ['playwright:browser_type', 'playwright:browser_fill_form', 'puppeteer:puppeteer_fill'];
const PICK = ['playwright:browser_select_option', 'puppeteer:puppeteer_select'];
const HOVER = ['playwright:browser_hover', 'puppeteer:puppeteer_hover'];
const JS = ['playwright:browser_evaluate', 'puppeteer:puppeteer_evaluate'];
const N_READ = ['notion:API-get-block-children', 'notion:API-retrieve-page-markdown'];
const N_APPEND = ['notion:API-patch-block-children', 'notion:API-update-page-markdown'];
const N_EDIT_BLOCK = ['notion:API-update-a-block', 'notion:API-update-page-markdown'];
const N_DROP_BLOCK = ['notion:API-delete-a-block', 'notion:API-update-a-block'];
const N_TRASH_PAGE = ['notion:API-patch-page', 'notion:API-delete-a-block'];
const N_PROP = ['notion:API-retrieve-a-page-property', 'notion:API-retrieve-a-page'];
const N_SCHEMA = ['notion:API-retrieve-a-data-source', 'notion:API-retrieve-a-database'];
const THINK = 'thinking:sequentialthinking';
const SQL = 'postgres:query';
const ART = 'everart:generate_image';
const WEB = 'brave:brave_web_search';

export const HELD_OUT_11_QUERIES: LabelledQuery[] = [
  // filesystem
  A('cat /srv/pharmacy/formulary_2026.csv', ...READ),
  A('show me the last 40 lines of /var/log/nginx/error.log', ...READ),
  A('head -n 15 ~/thesis/chapter3.md', ...READ),
  A('pls open notes/plot-twists.txt and tell me what I wrote about the lighthouse keeper', ...READ),
  A('read package.json, tsconfig.json and vite.config.ts together so you can see why the build breaks', ...READ_MANY),
  A('load site-plan-v2.txt and site-plan-v3.txt side by side, I want to know what changed', ...READ_MANY),
  A(
    'what does the floor plan image at /home/ines/projects/villa/ground-floor.png look like',
    'filesystem:read_media_file',
  ),
  A('load the voice memo recordings/interview_0412.m4a so you can listen to it', 'filesystem:read_media_file'),
  A('save this as meeting-notes-2026-12-07.md: "Q1 targets agreed, Rafael owns pricing"', 'filesystem:write_file'),
  A('create a .gitignore in ~/apps/tide-tracker containing node_modules and dist', 'filesystem:write_file'),
  A('in config/app.yaml change port: 8080 to port: 9090', 'filesystem:edit_file'),
  A('fix the typo "recieve" -> "receive" in docs/onboarding.md, show me a dry run diff first', 'filesystem:edit_file'),
  A('mkdir -p ~/farm/2027/soil-samples/north-field', 'filesystem:create_directory'),
  Q('make a new folder for the translation drafts', 'filesystem:create_directory'),
  A('whats inside /mnt/shared/specs ?', ...LS),
  A('can u show me wat files are in ~/Documents/glossaries', ...LS),
  A('LIST ~/Downloads BIGGEST FIRST', 'filesystem:list_directory_with_sizes'),
  Q('which files in this folder are eating the most space?', 'filesystem:list_directory_with_sizes'),
  A('show the whole folder structure of ~/code/pill-reminder-app but skip node_modules', 'filesystem:directory_tree'),
  Q('give me a recursive tree view of the project as json', 'filesystem:directory_tree'),
  A('rename draft_final_FINAL.docx to manuscript-v7.docx', 'filesystem:move_file'),
  A('mv ~/Desktop/invoice-0932.pdf ~/Documents/accounting/2026/', 'filesystem:move_file'),
  A('find every *.heic photo under ~/Pictures', 'filesystem:search_files'),
  A("where's my docker-compose.yml? somewhere under ~/work", 'filesystem:search_files'),
  A('find all the .po translation files in ~/loc/app except the ones in build/', 'filesystem:search_files'),
  A('when was /etc/ssh/sshd_config last modified and what are its permissions', 'filesystem:get_file_info'),
  A('how big is backups/backup-2026-11.tar', ...SIZE),
  Q('which folders am I allowed to touch with the file tools?', 'filesystem:list_allowed_directories'),
  Q('what directories do you have access to on my disk', 'filesystem:list_allowed_directories'),
  A('delete ~/tmp/old-build.log'),
  A('rm -rf ./dist before the next build'),
  A('make scripts/release.sh executable, chmod 755'),
  A('duplicate report.docx as report-backup.docx in the same folder'),
  A('unzip ~/Downloads/site-photos.zip into ~/projects/villa/photos'),
  A('rg -n "TODO(security)" src/ and show me the matching lines'),
  A('make a symlink /opt/app/current pointing at /opt/app/releases/42'),
  A('chown www-data:www-data /var/www/html -R'),
  Q('how much free disk space is left on this machine'),

  // memory
  A('remember that Dr. Okafor is the pharmacist on night shifts at St. Jude', ...REMEMBER),
  A('add a new person to your memory: Lena Brandt, structural engineer at Holm & Partner', 'memory:create_entities'),
  A('record a new entity of type crop: winter wheat, field B, sown Oct 14', 'memory:create_entities'),
  A('my cat is called Pixel and she is 3, store that for later', ...REMEMBER),
  A('note in the knowledge graph that Kestrel Farm supplies Mill Street Bakery', 'memory:create_relations'),
  A('link project "Harbor Bridge" to client "Port Authority" as commissioned_by', 'memory:create_relations'),
  A(
    'add to what you know about Marta: she prefers calls after 4pm and is allergic to penicillin',
    'memory:add_observations',
  ),
  A('forget everything about the entity "Old Supplier GmbH"', 'memory:delete_entities'),
  Q('wipe the throwaway entities you created during the test run', 'memory:delete_entities'),
  A("drop the fact about Tom's old phone number from his memory entry", 'memory:delete_observations'),
  A('remove the relation saying Priya reports_to Daniel, she switched teams', 'memory:delete_relations'),
  Q('dump the whole knowledge graph so I can see what you know', 'memory:read_graph'),
  Q('what have you stored in long-term memory so far?', 'memory:read_graph'),
  A('anything in memory about "greenhouse irrigation"?', 'memory:search_nodes'),
  A('search your notes on people for anyone who is a beta tester', 'memory:search_nodes'),
  A('pull up the memory entries "Aurora release" and "QA checklist"', ...RECALL),
  A('open the node called Customer:Harlow Dental', ...RECALL),
  A('rename the entity "J. Smith" to "Jonathan Smith" in memory'),
  Q('undo the last change you made to your memory graph'),
  A('change the entity type of "Northwind" from company to supplier'),
  A('merge the memory entries "Bob K" and "Robert Kowalski" into one'),

  // sequential thinking
  Q('think this through step by step before answering: should we rewrite the billing module or patch it?', THINK),
  A('help me reason carefully about converting amoxicillin dosing from q8h to BID, one step at a time', THINK),
  Q('break this problem into smaller steps and revise as you go', THINK),
  Q("let's plan the migration in stages, you can backtrack if a step turns out wrong", THINK),
  A('work through this logic puzzle methodically: five farmers, five crops, who grows the barley?', THINK),
  Q('I need a structured chain of thought for debugging this race condition', THINK),
  A('reason it out in numbered thoughts: is a 4.2 m span too long for a 2x10 joist at 16" centers?', THINK),
  Q('take your time, think in steps and question your own assumptions, then give one answer', THINK),

  // postgres
  A("SELECT count(*) FROM prescriptions WHERE filled_at > now() - interval '7 days'", SQL),
  A('how many orders did we get in november? table orders, column created_at', SQL),
  Q('list the tables in our postgres database', SQL),
  A('psql \\d customers, what columns does it have', SQL),
  A('top 10 sales reps by closed deal value from the crm db', SQL),
  Q('what postgres version is the server running', SQL),
  A("EXPLAIN ANALYZE SELECT * FROM shipments WHERE status = 'late' AND eta < now()", SQL),
  A('average soil ph per field from the sensor_readings table', SQL),
  A("UPDATE patients SET ward = 'B2' WHERE id = 4411"),
  A('insert a row into products: sku A-113, price 4.99'),
  A('create an index on orders(customer_id) to speed things up'),
  A('DROP TABLE tmp_import_2025;'),
  A('grant select on all tables in schema reports to the analyst role'),

  // everart
  A('generate an image of a watercolor lighthouse at dusk for my book cover', ART),
  A('make me a vector-style logo of a bee and a honeycomb', ART),
  A('photoreal render of a timber-frame house on a hill in morning fog', ART),
  Q('create some AI art for the slide deck', ART),
  A("draw 3 variations of a cartoon tractor for the kids' farm day poster", ART),
  A('i need an illustration: pharmacist handing a prescription to an old lady, flat style', ART),
  A('FLUX ultra pic of a neon cyberpunk street market in the rain', ART),
  Q('can you generate a picture for my blog post header', ART),
  A("cut out the background of team-photo_04.jpg so it's transparent"),
  A('upscale logo_small.png to 4k'),
  A('turn my photo ~/Pictures/rex.jpg into a cartoon version'),
  Q('make a short animated video of our logo spinning'),

  // brave
  A('search the web for "CVE-2026-1123" advisories', WEB),
  A('latest news on EU pharmaceutical pricing regulation', WEB),
  A('google how passive house ventilation systems are set up', WEB),
  A('any reviews online of the Fairphone 6?', WEB),
  A('find a few articles on companion planting marigolds with tomatoes', WEB),
  A('vet clinics open now near Ames, Iowa', ...LOCAL),
  A('hardware store near Kreuzberg with phone number and opening hours', ...LOCAL),
  Q('clear my web search history'),

  // maps
  A('lat/long of 221B Baker Street, London', 'maps:maps_geocode'),
  A('which street address sits at -33.8568, 151.2153', 'maps:maps_reverse_geocode'),
  A('my tractor gps says 52.1326 5.2913, which road is that', 'maps:maps_reverse_geocode'),
  A('pharmacies within 2 km of 48.8566,2.3522', ...LOCAL),
  A('opening hours and phone number for place id ChIJN1t_tDeuEmsRUsoyG83frY4', 'maps:maps_place_details'),
  A('get the reviews for place ChIJ2eUgeAK6j4ARbn5u_wAGqWA', 'maps:maps_place_details'),
  A(
    'driving time from each of our warehouses (Leeds, Derby, Hull) to Manchester and to Sheffield',
    'maps:maps_distance_matrix',
  ),
  A('how far is Utrecht from Amersfoort and from Zeist by bike', 'maps:maps_distance_matrix', 'maps:maps_directions'),
  A('how hight above sea level is Cusco', 'maps:maps_elevation'),
  A('elevation of the hive sites at 46.55,7.98 and 46.56,7.99', 'maps:maps_elevation'),
  A('walking route from Shibuya crossing to Yoyogi Park please', 'maps:maps_directions'),
  A('transit route from Brooklyn Bridge Park to JFK terminal 4', 'maps:maps_directions'),
  A('is there traffic on the A4 into London right now'),
  A('show me street view of 10 Downing Street'),
  A('share my live location with Pedro for the next hour'),
  A('save Casa Mia restaurant to my google maps favourites list'),
  Q('download offline maps of Iceland for the trip'),

  // slack
  Q('wich slack channels exist in our workspace', 'slack:slack_list_channels'),
  Q('list the public channels in the workspace, and the next page too', 'slack:slack_list_channels'),
  A('post "deploy of v2.14 is done ✅" in #releases', 'slack:slack_post_message'),
  A('tell the #field-ops channel that the harvester is back from repair', 'slack:slack_post_message'),
  A('reply in thread 1733497200.004512 in C05QA77 that the flaky test is fixed', 'slack:slack_reply_to_thread'),
  A('answer Nadia in her thread on #design (ts 1733412345.000200): looks good to me', 'slack:slack_reply_to_thread'),
  A('react with :eyes: to message 1733480011.339900 in C01SEC', 'slack:slack_add_reaction'),
  A('thumbs up the latest announcement in #general', 'slack:slack_add_reaction'),
  A('what did people say in #incident-402, last 30 messages', 'slack:slack_get_channel_history'),
  Q('catch me up on the sales channel', 'slack:slack_get_channel_history'),
  A('show all replies under thread 1733300000.123400 in C07PM', 'slack:slack_get_thread_replies'),
  A(
    'what was the conclusion of that thread in #architecture about the staircase detail?',
    'slack:slack_get_thread_replies',
  ),
  Q('who is in our slack workspace', 'slack:slack_get_users'),
  Q('give me a list of everyone on slack', 'slack:slack_get_users'),
  A("what's U02ABCD9's title and time zone on slack", 'slack:slack_get_user_profile'),
  A('look up the slack profile of user U0419FARM', 'slack:slack_get_user_profile'),
  A('edit my last message in #general to fix the typo'),
  A('delete the message I posted in #random at 10:02'),
  A('schedule "standup in 5" to #team for 9:55 tomorrow'),
  A('pin the onboarding doc link in #new-hires'),
  A('create a new slack channel called #q1-launch'),
  A('invite Marco to #security-alerts'),
  A('set my slack status to "at the pharmacy counter" until 5pm'),
  A('search slack for messages mentioning "purchase order 7781"'),
  A('change the topic of #farm-ops to "harvest week"'),

  // notion
  Q('who am I connected as in notion? show the bot user', 'notion:API-get-self'),
  Q('which integration is this notion token for', 'notion:API-get-self'),
  Q('who all is a member of our notion workspace, list them', 'notion:API-get-users'),
  A('notion user 6f1c2a9e-8b3d-4e7a-9c21-0d5f8e2b4a11, who is that?', 'notion:API-get-user'),
  A('get the name and email of notion user 2b9e71c4-55d0-4c1e-a7f3-93be0c6d1f28', 'notion:API-get-user'),
  A('find the notion page titled "Q1 Pricing Strategy"', 'notion:API-post-search'),
  A('search notion for "pesticide log"', 'notion:API-post-search'),
  Q('show my most recently edited notion pages', 'notion:API-post-search'),
  A('what blocks are inside notion page a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', 'notion:API-get-block-children'),
  A('read notion page 1f9a3c5e-7b2d-4f6a-8c0e-1a3b5d7f9e2c for me', ...N_READ),
  A(
    'give me the text of notion page 0b7e5c21-9f4a-4d38-b1c6-72e8a0f3d9b4 as markdown including the meeting transcript',
    'notion:API-retrieve-page-markdown',
  ),
  A(
    'add a checklist "order seeds, fix fence, call vet" to the bottom of notion page 8c2e4f60-1a3b-4c5d-9e7f-2b4d6f8a0c1e',
    ...N_APPEND,
  ),
  A('append a paragraph "Client approved facade option B on 6 Dec" to the Project Atrium page in notion', ...N_APPEND),
  A('fetch notion block 3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7', 'notion:API-retrieve-a-block'),
  A('tick the to-do block 0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f as done', ...N_EDIT_BLOCK),
  A(
    'change the text of notion block 5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f to "Dosage: 5 mg twice daily"',
    ...N_EDIT_BLOCK,
  ),
  A('delete block 9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a from the notion page', ...N_DROP_BLOCK),
  A(
    'get the properties of notion page 4a7c9e1b-3d5f-4a7c-9e1b-3d5f7a9c1e3b: status, owner, due date',
    'notion:API-retrieve-a-page',
  ),
  A(
    'who created notion page b12f34a5-6c78-4d90-a1b2-c3d4e5f6a7b8 and when was it last edited',
    'notion:API-retrieve-a-page',
  ),
  A('set Status to "In review" on notion page 2e3d4c5b-6a79-4881-9a0b-1c2d3e4f5a6b', 'notion:API-patch-page'),
  A('change the icon of my "Reading List" notion page to 📚', 'notion:API-patch-page'),
  A('move notion page c0ffee00-1234-4abc-9def-0123456789ab to the trash', ...N_TRASH_PAGE),
  A('new notion page under "Manuscript" called "Chapter 12 – The Flood"', 'notion:API-post-page'),
  A('add a row to the Bugs database in notion: "Crash on Android 15 login", severity high', 'notion:API-post-page'),
  Q("create a blank notion page for tomorrow's standup notes", 'notion:API-post-page'),
  A(
    'the Tags property (id "xYz%3D") on notion page 9d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a has loads of values, fetch all of them',
    ...N_PROP,
  ),
  A(
    'get the relation "Linked tasks" (property id k%3Bq) from notion page 51ab62cd-73ef-4a81-9b2c-3d4e5f6a7b8c',
    ...N_PROP,
  ),
  A('what comments are on notion page 3f2e1d0c-9b8a-4776-8655-4433221100ff', 'notion:API-retrieve-a-comment'),
  Q('show me the discussion comments on that notion doc', 'notion:API-retrieve-a-comment'),
  A(
    'leave a comment on notion page 6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e: "Please double-check the contraindications section"',
    'notion:API-create-a-comment',
  ),
  A('coment "approved by legal" on the supplier contract page in notion', 'notion:API-create-a-comment'),
  A(
    'notion data source 2f4e6a8c-0b1d-4f3a-9c5e-7b9d1f3a5c7e: all tasks where Assignee is Kim and Status is not Done, sorted by due date',
    'notion:API-query-data-source',
  ),
  A('pull every row from the Inventory database in notion where stock < 10', 'notion:API-query-data-source'),
  A('what columns does notion database e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9 have', ...N_SCHEMA),
  A(
    'show the property schema of the Clients data source 0a0b0c0d-1e1f-4a2b-8c3d-4e5f6a7b8c9d',
    'notion:API-retrieve-a-data-source',
  ),
  A(
    'add a "Priority" select column with High/Medium/Low to notion data source 7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f',
    'notion:API-update-a-data-source',
  ),
  A('rename the notion database "Tasks old" to "Backlog 2027"', 'notion:API-update-a-data-source'),
  A(
    'create a notion database under page 1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d called "Vaccination records" with columns Animal, Date, Vaccine',
    'notion:API-create-a-data-source',
  ),
  Q('set up a table in notion to track customer leads', 'notion:API-create-a-data-source'),
  A(
    'which templates exist in the Meeting notes data source 4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8',
    'notion:API-list-data-source-templates',
  ),
  A(
    'retrieve notion database 8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d, the container not the data source',
    'notion:API-retrieve-a-database',
  ),
  A(
    'which data sources belong to notion database d4c3b2a1-0f9e-4d8c-b7a6-958473625140',
    'notion:API-retrieve-a-database',
  ),
  A('move the "Site visit 12 Nov" notion page into the "Archive 2026" page', 'notion:API-move-page'),
  A(
    'reparent notion page f00dbabe-0000-4000-8000-000000000001 under database 9e8d7c6b-5a49-4382-9170-6e5d4c3b2a19',
    'notion:API-move-page',
  ),
  A(
    'replace the whole content of notion page 3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f with: "# Release notes\\n- fixed login"',
    'notion:API-update-page-markdown',
  ),
  A('in the notion SOP page swap every "Tylenol" for "acetaminophen"', 'notion:API-update-page-markdown'),
  A('share the notion page "Pitch deck notes" publicly with a link'),
  A('export the "Employee handbook" notion page as a PDF'),
  A('duplicate the notion page "Sprint template" for next sprint'),
  A("show the version history of notion page 44ab55cd-66ef-4a77-8b88-99c0d1e2f3a4 and restore yesterday's version"),
  A('search inside the body text of all notion pages for the phrase "warranty claim"'),
  A('invite alex@studio-nord.com to our notion workspace'),
  A('lock the notion page "Brand guidelines" so nobody can edit it'),
  A("make Mia's access to the Finance notion page view-only"),

  // github and gitlab, neither named
  A('create a private repo called field-sensor-firmware', ...NEW_REPO),
  Q('make a new remote repository for my novel drafts', ...NEW_REPO),
  A('fork subsurface/subsurface so I can patch the dive log importer', ...FORK),
  A('cut a branch hotfix/login-timeout off main in acme/shop', ...BRANCH),
  A('open an issue in greenhouse/irrigation: "valve 3 reports negative flow"', ...ISSUE),
  A('show me src/main.rs from rustdesk/rustdesk on the dev branch', ...GET_FILE),
  A('commit a new CHANGELOG.md to branch release/3.2 of team/pos-app', ...PUT_FILE),
  A('push index.html, style.css and app.js in one commit to branch site of kim/portfolio', ...PUSH),
  A('open a pull request from feature/dark-mode into develop in mobile/habit-app', ...OPEN_PR),
  A('find repos about "crop disease detection" written in pytorch', ...FIND_REPO),

  // github
  A('gh repo create tidewatch --public --add-readme', 'github:create_repository'),
  A('fork facebook/react-native into our github org mobile-lab', 'github:fork_repository'),
  A('on github, create branch qa/regression-dec from release-2.8 in shopfront/web', 'github:create_branch'),
  A('update README.md on main in github.com/maria/pharma-calc with the new install steps', ...GH_PUT),
  A(
    'push the migration files 0041_add_dosage.sql and 0042_index.sql to github repo clinic/api on branch db-updates',
    'github:push_files',
  ),
  A('gh issue create -R ops/infra -t "disk 90% on db-02" -l urgent', 'github:create_issue'),
  A(
    'gh pr create --base main --head fix/tz-bug --title "Fix timezone offset" -R travelco/booking',
    'github:create_pull_request',
  ),
  A('search github for repos with topic:mapbox and more than 500 stars', 'github:search_repositories'),
  A('read .github/workflows/ci.yml from vercel/next.js on github', 'github:get_file_contents'),
  A('last 20 commits on main of psf/requests', 'github:list_commits'),
  Q('who committed what this week on our github repo?', 'github:list_commits'),
  A('open bugs labelled "ios" in mobile/habit-app on github, newest first', ...GH_ISSUES),
  Q('what issues are still open on our github repo', ...GH_ISSUES),
  A('close issue #311 in acme/shop, it was a duplicate', 'github:update_issue'),
  A('assign issue 87 in clinic/api to @jwu and add the label backend', 'github:update_issue'),
  A('retitle github issue #1204 in kestrel/farm-os to "Sensor dropouts during rain"', 'github:update_issue'),
  A('comment on issue 56 in lumen/docs: "fixed in 2.3, please retest"', 'github:add_issue_comment'),
  A('search github code for "AKIA" in org:finexa to check for leaked keys', 'github:search_code'),
  A('where in kubernetes/kubernetes is "func NewScheduler" defined', 'github:search_code'),
  A('find github issues mentioning "segfault on arm64" in repo:duckdb/duckdb', 'github:search_issues'),
  A('any open PRs by author:octocat anywhere on github?', 'github:search_issues'),
  A('find github users located in Nairobi who write Kotlin', 'github:search_users'),
  A('look up the github account "sindresorhus"', 'github:search_users'),
  A('details of issue #4521 in microsoft/vscode', 'github:get_issue'),
  A('what is PR 1892 in django/django about', 'github:get_pull_request'),
  A('is pull request #64 in clinic/api mergeable?', 'github:get_pull_request'),
  A('list open pull requests against main in shopfront/web', ...GH_PRS),
  Q('show the PRs waiting on our github repo', ...GH_PRS),
  A('approve PR #230 in lumen/docs with "LGTM, nice cleanup"', 'github:create_pull_request_review'),
  A(
    'request changes on pull 45 in ops/infra: the terraform plan deletes the prod bucket',
    'github:create_pull_request_review',
  ),
  A('leave a review comment on line 88 of api/routes.py in PR 17 of clinic/api', 'github:create_pull_request_review'),
  A('Squash Merge PR #312 in acme/shop', 'github:merge_pull_request'),
  A('gh pr merge 58 --rebase -R mobile/habit-app', 'github:merge_pull_request'),
  A('which files did PR 921 in grafana/loki touch', 'github:get_pull_request_files'),
  A('gh pr diff 14 --name-only -R tidewatch/app', 'github:get_pull_request_files'),
  A('did CI pass on PR #78 in shopfront/web?', 'github:get_pull_request_status'),
  A('PR 66 in clinic/api is behind main, bring it up to date', 'github:update_pull_request_branch'),
  A(
    'update the branch of pull request #9 in kim/portfolio with the latest from its base',
    'github:update_pull_request_branch',
  ),
  A('show the inline review comments on PR 301 in lumen/docs', 'github:get_pull_request_comments'),
  A('what did the reviewers say on pull 88 of ops/infra', ...PR_FEEDBACK),
  A('has anyone approved PR #140 in acme/shop yet', 'github:get_pull_request_reviews'),
  A('list the reviews (approve / request changes) on PR 12 of tidewatch/app', 'github:get_pull_request_reviews'),
  A('delete the branch feature/old-checkout in acme/shop'),
  A('create a release v3.0.0 with notes for tidewatch/app on github'),
  A('rerun the failed github actions workflow on PR 78 in shopfront/web'),
  A('add @lena-b as a collaborator to github repo clinic/api'),
  A('request a review from @dkim on PR 230 in lumen/docs'),
  A('create a secret gist with this bash snippet: for f in *.csv; do wc -l $f; done'),
  A('star the repo microsoft/playwright for me'),
  A('list all branches in psf/requests'),
  A('show me the diff of commit 3f9a2c1 in ml/finetune'),
  A('add branch protection to main in shopfront/web requiring 2 approvals'),
  A('transfer the repo kim/portfolio to the kim-studio org'),
  A('show the github actions logs for the last run in ops/infra'),

  // gitlab
  A('glab repo create sensor-dashboard --private', 'gitlab:create_repository'),
  Q('make me a fresh gitlab project for the thesis', 'gitlab:create_repository'),
  A('fork gitlab project inkscape/inkscape into my namespace', 'gitlab:fork_repository'),
  A('on gitlab please to create branch feature/offline-sync from develop in project 4821', 'gitlab:create_branch'),
  A(
    'glab mr create --source-branch fix/pdf-export --target-branch main -t "Fix PDF export" -R group/docs-tool',
    'gitlab:create_merge_request',
  ),
  A('open a draft merge request in gitlab project 77123: i18n/pt-BR into main', 'gitlab:create_merge_request'),
  A('new gitlab issue in pharmacy/inventory: "barcode scanner double-counts"', 'gitlab:create_issue'),
  A('read docker/Dockerfile at tag v1.4.0 from gitlab project infra%2Fbase-images', 'gitlab:get_file_contents'),
  A('search gitlab for projects named "openfarm"', 'gitlab:search_repositories'),
  A('on gitlab, update config/settings.toml on main of project 9911 with the new API url', ...GL_PUT),
  A(
    'push docs/index.md and docs/api.md to gitlab project acme/handbook on branch docs-refresh in one commit',
    'gitlab:push_files',
  ),
  A(
    'rename src/util.js to src/utils.js through gitlab on branch cleanup of project 3030',
    'gitlab:create_or_update_file',
  ),
  A('list open merge requests in gitlab project 4821'),
  A('merge MR !57 in gitlab group/docs-tool'),
  A('comment on gitlab MR !12: please rebase onto main'),
  A('show failing pipelines for gitlab project 9911'),
  A('add CI variable DEPLOY_TOKEN to gitlab project acme/handbook'),
  A('close gitlab issue #33 in pharmacy/inventory'),
  A('list the gitlab issues in project 77123 assigned to me'),
  A('approve merge request !90 on gitlab'),

  // browsers, neither named
  A('open https://staging.pillbox.app/login in the browser', ...GO),
  A('load http://localhost:5173 in a headless browser', ...GO),
  A('screenshot the current page and save it as checkout-bug.png', ...SHOT),
  Q('grab a screenshot of what the browser shows now', ...SHOT),
  A('click the "Accept all cookies" banner button', ...CLICK),
  A('type "amoxicillin 500" into the search box on the page', ...TYPE),
  A('fill in the email field with qa+12@tidewatch.io', ...TYPE),
  A('choose "Portugal" from the country dropdown', ...PICK),
  A('hover over the Products menu so the submenu opens', ...HOVER),
  A('run document.querySelectorAll("a").length on the page', ...JS),

  // playwright
  Q('close the browser page', 'playwright:browser_close'),
  A('resize the browser to 390x844 to check the iPhone layout', 'playwright:browser_resize'),
  Q('did the page log any errors to the console', 'playwright:browser_console_messages'),
  A('save all console warnings since page load to console-log.txt', 'playwright:browser_console_messages'),
  Q('accept the confirm popup', 'playwright:browser_handle_dialog'),
  A('the page opened a prompt asking for a name, answer "Test Farm 7"', 'playwright:browser_handle_dialog'),
  Q('dismiss the "are you sure you want to leave" alert', 'playwright:browser_handle_dialog'),
  Q('switch the page to dark mode so I can test our theme', 'playwright:browser_emulate_media'),
  A('emulate prefers-reduced-motion reduce and the print media type', 'playwright:browser_emulate_media'),
  A('with playwright, evaluate () => window.__APP_VERSION__', 'playwright:browser_evaluate'),
  A('upload ~/qa/fixtures/large-avatar.png to the file chooser that just opened', 'playwright:browser_file_upload'),
  A('attach /tmp/prescription-scan.pdf in the upload dialog', 'playwright:browser_file_upload'),
  A('drag the file /home/qa/samples/photo.jpg from outside onto the dropzone', 'playwright:browser_drop'),
  A('drop "https://example.com/map" as text/uri-list onto the link field', 'playwright:browser_drop'),
  A('find "Out of stock" on the current page and give me its ref', 'playwright:browser_find'),
  A('search the page snapshot for the regex /error \\d+/i', 'playwright:browser_find'),
  A(
    'fill the checkout form: name Ana Costa, postcode 1000-001, tick the terms checkbox',
    'playwright:browser_fill_form',
  ),
  A('press Escape to close the modal', 'playwright:browser_press_key'),
  A('press ArrowDown three times in the listbox', 'playwright:browser_press_key'),
  A('type "hello" slowly into the chat input so the typing indicator fires', 'playwright:browser_type'),
  A('playwright: navigate to https://docs.farmhub.io/api', 'playwright:browser_navigate'),
  Q('go back one page in the browser history', 'playwright:browser_navigate_back'),
  Q('what API calls did the page make', 'playwright:browser_network_requests'),
  A('list network requests matching /api/v2/orders, static ones included', 'playwright:browser_network_requests'),
  A('show the response body of network request 7', 'playwright:browser_network_request'),
  A('request headers for network call number 3 please', 'playwright:browser_network_request'),
  A(
    "run this playwright snippet: async (page) => { await page.getByRole('tab', { name: 'Billing' }).click(); }",
    'playwright:browser_run_code_unsafe',
  ),
  A(
    'execute the playwright script in tests/helpers/login-flow.js against the open page',
    'playwright:browser_run_code_unsafe',
  ),
  A('full-page screenshot as jpeg at device scale, name it landing.jpg', 'playwright:browser_take_screenshot'),
  Q('what elements are on the page right now? I need refs to click', 'playwright:browser_snapshot'),
  A('snapshot just the nav region with bounding boxes, depth 3', 'playwright:browser_snapshot'),
  A('right-click the row "Invoice 2291"', 'playwright:browser_click'),
  A('shift+click the third item to multi-select', 'playwright:browser_click'),
  A('drag the "Harvest" card from To do into the Done column', 'playwright:browser_drag'),
  Q('drag one element on the page and drop it onto another', 'playwright:browser_drag'),
  A('select both "Vegan" and "Gluten-free" in the diet multi-select', 'playwright:browser_select_option'),
  A('open https://status.tidewatch.io in a new tab', 'playwright:browser_tabs'),
  Q('list the open browser tabs', 'playwright:browser_tabs'),
  A('close tab number 3', 'playwright:browser_tabs'),
  A('wait until "Payment confirmed" shows up', 'playwright:browser_wait_for'),
  A('wait for the "Loading…" text to disappear', 'playwright:browser_wait_for'),
  A('hover over the avatar in playwright to see the tooltip', 'playwright:browser_hover'),
  A('in playwright choose "Express" in the shipping select', 'playwright:browser_select_option'),

  // puppeteer
  A('puppeteer: go to https://news.ycombinator.com', 'puppeteer:puppeteer_navigate'),
  A('launch puppeteer with --window-size=1280,800 and open https://maps.example.com', 'puppeteer:puppeteer_navigate'),
  A('with puppeteer screenshot #pricing-table at 1200x900 named pricing', 'puppeteer:puppeteer_screenshot'),
  A('puppeteer click "button[type=submit]"', 'puppeteer:puppeteer_click'),
  A('use puppeteer to fill input#email with sales@kestrel.farm', 'puppeteer:puppeteer_fill'),
  A('puppeteer select value "EUR" in select[name=currency]', 'puppeteer:puppeteer_select'),
  A('puppeteer hover .menu-item:nth-child(3)', 'puppeteer:puppeteer_hover'),
  A('run localStorage.clear() in the browser with puppeteer', 'puppeteer:puppeteer_evaluate'),
  Q('show my chrome bookmarks'),
  A('what password do I have saved for github.com in my browser'),
  Q('install the uBlock Origin extension in my browser'),
  Q('clear my own firefox history from last week'),

  // everything
  A('echo "ping from the QA rig"', 'everything:echo'),
  A('repeat back exactly: Ölçü 3,5 mm', 'everything:echo'),
  Q('send something and have the server echo it back, just to test the connection', 'everything:echo'),
  Q('show an example error message with annotations', 'everything:get-annotated-message'),
  A('demo annotated message of type success with the image included', 'everything:get-annotated-message'),
  Q('dump the env vars of the MCP server', 'everything:get-env'),
  A('is NODE_ENV set to production on the test server?', 'everything:get-env'),
  A('give me 7 sample resource links', 'everything:get-resource-links'),
  Q('return a few resource links to different resource types', 'everything:get-resource-links'),
  A('get a resource reference for text resource 4', 'everything:get-resource-reference'),
  A('blob resource reference, id 12', 'everything:get-resource-reference'),
  A('structured content for Los Angeles with its output schema', 'everything:get-structured-content'),
  A('try the structured output demo with Chicago', 'everything:get-structured-content'),
  A('what is 4821 + 1779', 'everything:get-sum'),
  A('add 0.35 and 12.8 with the sum tool', 'everything:get-sum'),
  Q('send me the tiny mcp logo', 'everything:get-tiny-image'),
  Q('I need a small test image from the server', 'everything:get-tiny-image'),
  A('gzip https://example.com/data/harvest.csv and give me a link', 'everything:gzip-file-as-resource'),
  A(
    'compress https://raw.githubusercontent.com/owner/repo/main/LICENSE into LICENSE.gz',
    'everything:gzip-file-as-resource',
  ),
  Q('turn the fake random logging on', 'everything:toggle-simulated-logging'),
  Q('stop the simulated log spam', 'everything:toggle-simulated-logging'),
  Q('switch on the simulated subscriber updates', 'everything:toggle-subscriber-updates'),
  A('start a long running demo task, 30 seconds in 6 steps', 'everything:trigger-long-running-operation'),
  Q('test progress notifications with a long operation', 'everything:trigger-long-running-operation'),
  A('simulate a research query on "bee colony collapse causes"', 'everything:simulate-research-query'),
  A(
    'run the fake deep research on "passive cooling in desert housing", ambiguous so it asks me to clarify',
    'everything:simulate-research-query',
  ),
  A('multiply 37 by 14'),
  A('what is 900 minus 275'),
  A('decompress logs-2026-12.gz'),
  A('set the env var LOG_LEVEL=debug on the server'),

  // outside every server
  A('email the invoice to billing@greenleaf.co'),
  A('add a dentist appointment to my calendar on Jan 9 at 10:00'),
  A('remind me at 6pm to water the seedlings'),
  A('kubectl scale deployment api --replicas=5'),
  A('kubectl get pods -n billing-prod'),
  A('docker compose up -d'),
  A('ssh into db-02 and check uptime'),
  A('pay my €84.20 electricity bill from the checking account'),
  A('order an uber to Heathrow terminal 5'),
  Q('put on some jazz on spotify'),
  A('print pages 3-5 of contract.pdf on the office printer'),
  A('text my wife that I am running late'),
  A('call +44 20 7946 0958'),
  A('switch the porch light on at sunset every day'),
  A('set an alarm for 5:30 am'),
  A('send $200 to Jamie on Venmo'),
  Q('how much money is in my savings account'),
  A('renew my domain tidewatch.io for another year'),
  A('add a crontab entry to run backup.sh every night at 2'),
  A('join the wifi network "FarmNet-5G"'),
];
