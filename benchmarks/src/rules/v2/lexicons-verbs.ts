// Verb lists of rules v2 (what a name or a description starts with, what it does to data) and the words
// a name says nothing with. Reasons: ./README.md.

/** Verbs that start a description saying what a tool does ("Reads…", "List…"); third-person `s` is stemmed. */
export const VERBS = new Set(
  `accept access activate add aggregate analyze analyse annotate append apply approve archive ask assess assign attach
   audit authenticate authorize autocomplete backup block bookmark broadcast browse build bump cache calculate
   call cancel capture categorize change chat check cite classify clean clear click clone close collapse collect
   combine comment commit compare compile complete compose compute configure confirm connect consolidate continue
   convert copy count crawl create crop customize debug decline decode decrypt deduplicate define delegate delete
   deny deploy deprecate describe destroy detach detect determine diff disable disconnect discover dismiss dispatch
   display download drag draw drop dump duplicate edit email embed emit emulate enable encode encrypt enqueue ensure
   enumerate erase escalate estimate evaluate examine exclude execute expand explain explore export expose extend
   extract fetch fill filter find finish fix follow force fork format forward freeze generate get give go grant grep
   group handle hide highlight hover identify import include index infer initialize inject insert inspect install
   interact interpret invite invoke isolate join kill label launch leave link lint list listen load locate lock log
   look lookup make manage map mark match maximize measure mention merge message migrate minimize modify monitor
   mount move mute navigate normalize notify observe obtain open optimize order organize outline overwrite
   paginate paraphrase parse paste patch pause perform pin ping play plot poll populate post predict prepare press
   preview print prioritize process produce promote prompt propose protect provide prune publish pull purge push put
   query queue quote rank rate read reassign rebase rebuild recall receive recommend reconcile record redact redirect
   refine refresh refund register reindex reject reload remember remind remove rename render reorder repair repeat
   rephrase replace replay reply report reproduce request reserve reset resize resolve respond restart restore resume
   retrieve retry return reveal revert review revoke rewrite rollback rotate route run sample sanitize save scale scan
   schedule score scrape screenshot scroll search seed segment select send serialize serve set setup share shorten
   show shutdown sign simplify simulate skip snapshot snooze solve sort spawn specify split stage star start stash
   stop store stream submit subscribe suggest summarize suspend swap switch sync synchronize tag tail take terminate
   test toggle tokenize trace track train transcribe transfer transform translate traverse trigger truncate tune type
   unarchive unblock undo unfollow ignore uninstall unlink unlock unmute unpin unpublish unregister unstar unsubscribe unwatch
   update upgrade upload upsert use validate vectorize verify view visit visualize vote wait walk warn watch wipe
   write`
    .split(/\s+/)
    // British and American spellings alike: "summarise", "analyze", "normalise", "initialise".
    .flatMap((v) => (v.endsWith('ize') ? [v, `${v.slice(0, -3)}ise`] : v.endsWith('yse') ? [v, `${v.slice(0, -3)}yze`] : [v])),
);

/** Name tokens that make a tool destructive (peers' list plus rm/del/unlink). */
export const DESTRUCTIVE_VERBS = new Set(
  'clear delete destroy drop erase kill overwrite prune purge remove reset revoke terminate truncate uninstall wipe rm del unlink'.split(' '),
);

/** A Japanese destructive operation as the predicate ("削除します"), not as a modifier ("削除済み"). */
export const DESTRUCTIVE_JA = /(削除|消去|破棄|上書き|初期化|抹消)(します|する|して|し、|しま|を行|できます)/u;

/** Name tokens that make a tool read something; the first verb of a name decides (get_commit reads). */
export const READ_VERBS = new Set(
  `get list read search find fetch show view describe query count check lookup retrieve inspect browse preview
   load obtain peek scan stat status`.split(/\s+/),
);

/** Name tokens that make a tool write something (besides the destructive ones). */
export const WRITE_VERBS = new Set(
  `add append apply approve archive assign attach cancel close commit create deploy disable edit enable insert
   install invite merge modify move post publish push put rename replace restart save send set stop submit
   update upload upsert write patch fill click type press drag`.split(/\s+/),
);

/**
 * Name tokens that say neither read nor write: `run_query` may only read, `start_trace` may change nothing.
 * A name led by one of them is classified by its description, as a name without a verb.
 */
export const NEUTRAL_VERBS = new Set('run start execute exec'.split(' '));

/** HTTP methods used as name prefixes by generated servers (`API-post-search`): the verb after them decides. */
export const HTTP_METHOD_VERBS = new Set(['post', 'put']);

/**
 * Read verbs sure enough to call a `destructiveHint: true` on them a mistake (not "query", "load", "check"
 * or "scan", which some servers use for operations that do write).
 */
export const PURE_READ_VERBS = new Set('get list read search find fetch show view describe lookup retrieve browse preview peek stat status count'.split(' '));

/** Words that alone make a name generic: a name made only of these says nothing about the tool. */
export const GENERIC_NAME_WORDS = new Set(
  `run execute exec do query tool tools call invoke action actions process handle handler perform main api request
   command cmd task function func fn helper util utils operation op method go data thing stuff misc general generic
   default my test service endpoint input output result results get set use make`.split(/\s+/),
);

// ── Confusable pairs (issue 12): concepts, opposites, aliases ────────────────────────────────────────
// Reasons for every list: ./README.md, "Confusable pairs".
