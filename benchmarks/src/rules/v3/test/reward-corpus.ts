// The reward corpus of rules v3 (issue 25, "Reward test"): real tools of the distractor sets and the
// labelled corpus, each rewritten in plain expert prose by us ("Gives back …", "Reach for it after …",
// "Pick this over X when …"), without the cue phrases the v2 lexicons look for where plain words say it.
// The cue-stuffed twin of each is built by `stuffed()` in reward.test.ts to the same number of words.
// Split once, before v3 was tuned on any of it: `calibration` entries may guide the rules, the others are
// held out and only reported (README.md, "Reward test").

/** One tool to rewrite: where it lives (distractors/<set>/tools.json), its name, our expert rewrite. */
export interface RewardEntry {
  set: string;
  tool: string;
  expert: string;
  calibration: boolean;
}

export const REWARD_CORPUS: RewardEntry[] = [
  // ── calibration half ──
  {
    set: 'filesystem',
    tool: 'read_text_file',
    calibration: true,
    expert:
      'Gives back the text of one file under an allowed directory, decoded as UTF-8. Pass head or tail to get only the first or last N lines of a large log. Pick this over read_media_file for source code, notes and configs; images and audio need read_media_file.',
  },
  {
    set: 'filesystem',
    tool: 'list_directory',
    calibration: true,
    expert:
      'Shows the entries directly inside one folder, each marked [FILE] or [DIR], without descending into subfolders. Reach for it before reading or moving files, to learn their exact names. Pick list_directory_with_sizes when you also need byte counts, and directory_tree for the whole hierarchy.',
  },
  {
    set: 'filesystem',
    tool: 'move_file',
    calibration: true,
    expert:
      'Moves or renames a file or folder in one step; source and destination must both sit inside the allowed directories. Fails if something already exists at the destination, so nothing gets overwritten. Renaming within the same folder is just a move with a new name.',
  },
  {
    set: 'filesystem',
    tool: 'search_files',
    calibration: true,
    expert:
      'Walks a folder and its subfolders and lists every path whose name matches a glob such as **/*.test.ts, skipping the exclude patterns. It matches names only, never file contents. Start here when you know roughly what a file is called but not where it lives.',
  },
  {
    set: 'memory',
    tool: 'search_nodes',
    calibration: true,
    expert:
      'Finds entities in the knowledge graph whose name, type or observations contain the query text, and gives back those entities with the relations between them. Reach for it when you know a word but not the exact entity name; open_nodes needs exact names.',
  },
  {
    set: 'memory',
    tool: 'delete_observations',
    calibration: true,
    expert:
      'Removes specific observation strings from named entities while keeping the entities and their relations. Each entry names one entity and the exact observation texts to drop; unknown texts are ignored. Deleting a whole entity is delete_entities.',
  },
  {
    set: 'corpus/github',
    tool: 'create_issue',
    calibration: true,
    expert:
      'Opens a new issue in a GitHub repository with a title and optional body, labels, assignees and milestone, and gives back its number and URL. Your token needs write access to issues. To change an existing issue, pick update_issue instead.',
  },
  {
    set: 'corpus/github',
    tool: 'list_commits',
    calibration: true,
    expert:
      'Gives back the commits of a branch, newest first, with SHA, author, date and message, thirty per page. Reach for it to find the SHA of a change before opening a pull request or reading its files. Pass sha to start from a branch other than the default.',
  },
  {
    set: 'playwright',
    tool: 'browser_take_screenshot',
    calibration: true,
    expert:
      'Captures the visible viewport, the full scrollable page or one element as a PNG or JPEG image. Images cost many tokens and cannot be clicked; to act on the page, browser_snapshot gives element references. Pass filename to save it in the output folder.',
  },
  {
    set: 'playwright',
    tool: 'browser_snapshot',
    calibration: true,
    expert:
      'Reads the accessibility tree of the current page: roles, names and a ref for every element, as text. Run it after each navigation, because clicks and typing need those refs. Much cheaper than browser_take_screenshot and the only way to target elements.',
  },
  {
    set: 'firecrawl',
    tool: 'firecrawl_map',
    calibration: true,
    expert:
      'Discovers the URLs of a website from its sitemap and links without downloading page content, up to the limit you set. Reach for it before firecrawl_scrape or firecrawl_crawl, to choose which pages are worth fetching. A search term narrows the list to matching paths.',
  },
  {
    set: 'corpus/chrome-devtools',
    tool: 'list_network_requests',
    calibration: true,
    expert:
      'Lists the requests the selected page made since its last navigation: method, URL, status and resource type, filterable by type and paged. Reach for it to spot a failing API call; get_network_request then shows one request in full, headers and body included.',
  },
  // ── held-out half (reported, never tuned on) ──
  {
    set: 'filesystem',
    tool: 'get_file_info',
    calibration: false,
    expert:
      'Reports the size, creation and modification times, permissions and type of one file or folder without opening it. Handy for checking whether a file changed or is too large before reading it with read_text_file.',
  },
  {
    set: 'filesystem',
    tool: 'edit_file',
    calibration: false,
    expert:
      'Replaces exact text fragments in one file and shows a git-style diff of the change. Each edit names the old text, which must match exactly once, and its replacement. Set dryRun to preview the diff without writing. For a whole new file, write_file is simpler.',
  },
  {
    set: 'memory',
    tool: 'open_nodes',
    calibration: false,
    expert:
      'Fetches the entities with exactly these names, their observations and the relations among them. Missing names are skipped silently. When you only remember part of a name, search_nodes is the better first step.',
  },
  {
    set: 'corpus/github',
    tool: 'search_code',
    calibration: false,
    expert:
      'Searches file contents across GitHub with code search syntax, such as "useEffect repo:facebook/react language:ts", and gives back matching files with their repository and path. Limited to the default branch and files under 384 KB. To find repositories by name or topic, search_repositories fits better.',
  },
  {
    set: 'corpus/github',
    tool: 'merge_pull_request',
    calibration: false,
    expert:
      'Merges an open pull request into its base branch by merge commit, squash or rebase, with an optional commit title and message. It cannot be undone from here and fails when checks or reviews block the merge; get_pull_request_status shows whether it can merge.',
  },
  {
    set: 'corpus/github',
    tool: 'get_pull_request_files',
    calibration: false,
    expert:
      'Gives back the files a pull request changes, each with its status, additions, deletions and patch. Reach for it when reviewing what a change touches; get_pull_request gives the title, state and branches instead.',
  },
  {
    set: 'playwright',
    tool: 'browser_navigate_back',
    calibration: false,
    expert:
      'Goes one step back in the tab history, like the browser back button, and waits for that page to load. Handy after following a link by mistake. To open a new address, browser_navigate is the one.',
  },
  {
    set: 'playwright',
    tool: 'browser_wait_for',
    calibration: false,
    expert:
      'Pauses until some text appears on the page, until some text disappears, or for a number of seconds. Reach for it after a click that starts loading, before reading the result with browser_snapshot.',
  },
  {
    set: 'firecrawl',
    tool: 'firecrawl_search',
    calibration: false,
    expert:
      'Runs a web search and gives back the top results with title, URL and snippet; ask for scrape options to also get each page as markdown. Each result scraped costs credits. Pick firecrawl_scrape when you already know the exact page.',
  },
  {
    set: 'firecrawl',
    tool: 'firecrawl_check_crawl_status',
    calibration: false,
    expert:
      'Reports how far a crawl started by firecrawl_crawl has got, by its job id: pages done, pages total, and the scraped content once ready. Poll it every few seconds until the status says completed.',
  },
  {
    set: 'corpus/chrome-devtools',
    tool: 'take_heapsnapshot',
    calibration: false,
    expert:
      'Writes a heap snapshot of the selected page to a .heapsnapshot file at the path you give, for hunting memory leaks in DevTools later. Large pages produce files of hundreds of megabytes and pause the page while it is taken.',
  },
  {
    set: 'corpus/chrome-devtools',
    tool: 'performance_start_trace',
    calibration: false,
    expert:
      'Starts recording a performance trace of the selected page, optionally reloading it first to measure load. Stop it with performance_stop_trace to get Core Web Vitals and insights, which performance_analyze_insight then explains one by one.',
  },
  {
    set: 'corpus/backlog',
    tool: 'count_issues',
    calibration: false,
    expert:
      'Counts the Backlog issues that match the filters (project, status, assignee, dates) without fetching them. Handy for a quick total before paging through get_issues, which returns the issues themselves.',
  },
];
