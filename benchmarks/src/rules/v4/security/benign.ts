// Readings of v2's pattern matches that rules v4 takes as honest text (v3's three, and two v4 adds for v3's
// held-out-4 false alarms, marked "v4").
// Readings of v2's pattern matches that rules v3 takes as honest text (issue 25: three of 38 benign
// look-alikes were capped under v2). Each names the look-alike it lets through and why the attack it was
// written for is still caught.
import { sentenceAround } from '../../v2/security-text.js';

// "Ignore previous casing rules": a rule of the data, not of the model. The word between "previous" and the
// noun names what the rules are about; an attack's qualifiers are the model's ("system", "safety", "all").
const DOMAIN_RULES = /\b(?:previous|prior|above|earlier|preceding|other|original|existing|initial)\s+([a-z]+)\s+(?:rules|policies|context|messages)\b/;
const MODEL_WORDS = new Set(['system', 'safety', 'developer', 'all', 'of', 'the', 'your', 'my', 'these', 'those', 'and', 'or', 'instructions', 'security', 'content', 'usage', 'assistant', 'ai', 'model', 'operator', 'admin']);

// A prompt formatter names chat-template markers as what it writes; an attack uses them to open a turn.
const CHAT_MARKER = /im_start|im_end|\[\s*\/?\s*inst\s*\]|<\s*\/?\s*(?:system|assistant|sys)\s*>/;
const TEMPLATE_WORDS = /\b(?:templates?|chat format|chatml|markers?|special tokens?|delimit\w*|wraps?|wrapping|formats?|formatting|formatter|renders?|rendering|tokeni[sz]\w*|escap\w*|llama|mistral|qwen|turns?)\b/;

// Reading a secret file is the attack only when the text moves what was read somewhere (an argument, a
// reply, a destination). Reading a kube config to report the current context moves nothing.
const MOVE = /\b(?:send|sends|pass|passes|include|includes|attach|attaches|upload|uploads|paste|pastes|put|puts|copy|copies|forward|forwards|post|posts|leak|leaks|exfiltrat\w*|embed|embeds|append|appends|insert|inserts|transmit|transmits|share|shares|encode|encodes|dump|dumps|reply|response|argument|parameter|field|sidenote|note|body|steal|grab|collect|extract)\b|https?:|@/;
const DESCRIBES_READ = /^(?:reads|reading|opens|opening|loads|loading|accesses|fetches|retrieves|parses|parsing)\b/;
const ORDERS_READ = /^(?:read|open|load|access|fetch|retrieve|cat)\b/;
const CONFIG_FILE = /\.kube\/config\b|\.docker\/config\.json\b|\.config\/gh\/hosts\.yml\b|\bmcp\.json\b|\bclaude_desktop_config\.json\b|\.npmrc\b|\.pypirc\b|(?:^|[\s'"\x60(/])\.env\b/;

// v4: a fetch-and-run command the tool documents, returns or reports rather than asks the model to run ("Returns
// the documented install command …, e.g. `curl … | sh`, without running it"). The sentence says the command is
// not run, or it describes the tool (it opens with a verb in the third person: "returns", "lists", "reports")
// and holds no order to run anything (a clause opening with "run"/"execute", "you must run", "must be run").
const NOT_RUN = /\b(?:without (?:running|executing|piping|evaluating|invoking) (?:it|them|this|the (?:command|script)s?)|never (?:runs?|executes?|evaluates?) (?:it|them|this|the (?:command|script)s?)|(?:is|are) (?:never|not) (?:run|executed|evaluated)|does not (?:run|execute|evaluate)|(?:as|in) (?:plain )?text\b|verbatim\b|for the user to (?:review|read|copy|inspect))/;
const DESCRIBES = /^\W*(?:returns|lists|shows|explains|detects|reports|flags|scans|lints|looks up|finds|searches|checks|prints|gives|displays|extracts|parses|describes|documents|fetches|retrieves|gets|renders|formats|validates|audits|analy[sz]es)\b/;
const ORDERS_RUN = /(?:^|[;:,]\s*|\b(?:then|first|and|please|now)\s+)(?:run|execute|exec|paste|pipe|invoke|launch|type)\b|\byou\s+(?:must|should|need to|have to|will|can)?\s*(?:run|execute|exec)\b|\b(?:must|should|needs? to|has to|have to) be (?:run|executed)\b|\brequires? (?:running|executing)\b/;

// v4: "takes precedence over the system default rules": "system" qualifies data (its defaults, settings,
// routes), not the model's instructions. The word after the match names which.
const SYSTEM_DATA = /^\s*(?:default|defaults|settings?|configuration|config|locale|theme|fonts?|proxy|routes?|clock|timezone|time zone|path|properties|preferences|values?|styles?|language|dns|firewall|network|font)\b(?!\s+(?:instructions?|prompts?|messages?))/;

// v4 (held-out-5's four install-doc alarms): "without running it" in the languages of the lexicon (Latin form or
// as written), and a command quoted as an example ("e.g.", "such as", "p. ej.", "misalnya") with no order to run
// it in its sentence; the next sentence counts for "not run" ("… e.g. `curl … | sh`. This tool never executes it").
const NOT_RUN_OTHER = /\b(?:sin (?:ejecutarlo|ejecutarla|ejecutar)|tanpa (?:menjalankan|mengeksekusi)\w*|ohne (?:es |ihn |sie )?(?:auszufuhren|auszuführen)|sans (?:l.)?(?:executer|exécuter)|sem (?:executa|executá)-?lo|senza eseguirl\w*|(?:is|are) (?:only )?returned (?:as text|verbatim))|実行しません|不会执行|不执行|не выполняет/u;
const EXAMPLE_BEFORE = /(?:\be\.g\.|\bi\.e\.|\bfor (?:example|instance)|\bsuch as|\blines like|\bp\. ?ej\.|\bpor ejemplo|\bpor exemplo|\bpar exemple|\bz\. ?b\.|\bzum beispiel|\bmisalnya|\bcontoh(?:nya)?|\bad esempio|\bnaprzyklad|\bnaprzykład|例えば|例：|例:|例如|比如|например)[\s:,]*[\x60'"“«(]*$/u;
// A quoted phrase named as what a tool detects, classifies or shows ("a prompt-injection attempt (for example
// "ignore all previous instructions")"): the sentence is about detection or gives it as an example.
const QUOTE_OPEN = /[\x60'"“‘«「(]\s*$/u;
const QUOTE_CLOSE = /^\s*[\x60'"”’»」)]/u;
const ABOUT_ATTACKS = /\b(?:classif\w*|detect\w*|scan\w*|flags?|flagg\w*|label\w*|recogni[sz]\w*|block\w*|filter\w*|guard\w*|scor\w*|dataset|attempts?|examples?|for example|e\.g\.|such as|injection|jailbreak)\b/u;
const QUOTABLE = new Set(['ignore_previous', 'role_override', 'authority_claim', 'precedence_claim', 'history_exfiltration', 'conceal_from_user']);

/** True when v2's match of pattern `id` at [from, to) of `form` is an honest look-alike under v4. */
export function benignReading(id: string, form: string, from: number, to: number, text: string): boolean {
  if (id === 'fetch_and_run' || id === 'remote_code') {
    const [s0, s1] = sentenceAround(form, from, to);
    const sentence = form.slice(s0, s1).trim();
    if (NOT_RUN.test(sentence) || NOT_RUN_OTHER.test(sentence) || (DESCRIBES.test(sentence) && !ORDERS_RUN.test(sentence))) return true;
    if (ORDERS_RUN.test(sentence)) return false;
    if (EXAMPLE_BEFORE.test(form.slice(Math.max(0, from - 40), from))) return true;
    const [, n1] = s1 < form.length ? sentenceAround(form, s1 + 1, s1 + 1) : [s1, s1];
    const next = form.slice(s1, n1);
    return (NOT_RUN.test(next) || NOT_RUN_OTHER.test(next)) && !ORDERS_RUN.test(next.trim());
  }
  if (QUOTABLE.has(id) && QUOTE_OPEN.test(form.slice(Math.max(0, from - 3), from)) && QUOTE_CLOSE.test(form.slice(to, to + 3))) {
    const [s0, s1] = sentenceAround(form, from, to);
    if (ABOUT_ATTACKS.test(form.slice(s0, from) + form.slice(to, s1))) return true;
  }
  if ((id === 'authority_claim' || id === 'precedence_claim') && /\bsystem$/.test(text)) return SYSTEM_DATA.test(form.slice(to, to + 40));
  if (id === 'ignore_previous') {
    const m = DOMAIN_RULES.exec(text);
    return m !== null && !MODEL_WORDS.has(m[1]!);
  }
  if (id === 'important_tag') {
    if (!CHAT_MARKER.test(text)) return false;
    const [s0, s1] = sentenceAround(form, from, to);
    return TEMPLATE_WORDS.test(form.slice(s0, s1));
  }
  if (id === 'read_secrets') {
    const [s0, s1] = sentenceAround(form, from, to);
    if (MOVE.test(form.slice(s0, s1))) return false;
    return DESCRIBES_READ.test(text) || (ORDERS_READ.test(text) && CONFIG_FILE.test(text));
  }
  return false;
}
