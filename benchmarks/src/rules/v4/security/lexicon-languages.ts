// The words of rules v4's phrase lexicon (v3's 13 languages, copied and extended, and six more: Vietnamese,
// Indonesian, Arabic, Persian, Ukrainian, Hindi — README.md says how each was built), per language (./lexicon.ts composes them; README.md says how they
// were built). Latin-script languages are written as the Latin form reads them: lower case, no accents
// ("instruccion", "uberschreiben", "uzytkownik"). "~" stands for a word's ending, a space for white space
// (in Chinese, Japanese and Korean: optional white space). A list left out is a class the language does not
// add: English's "do not tell" and "from now on" classes are v2's patterns, which v3 still runs.

export interface Language {
  id: string;
  form: 'latin' | 'native';
  cjk?: boolean;
  ignore?: string;
  instructions?: string;
  previous?: string;
  dontTell?: string;
  user?: string;
  concealAlone?: string;
  these?: string;
  override?: string;
  /** What a precedence claim must also name (English only: "these rules override the defaults" is honest). */
  overrideTarget?: string;
  /** A precedence verb with a pronoun for its object, read after an `overrideTarget` named earlier in the sentence. */
  overridesIt?: string;
  /** Nouns compound (Dutch, German): a qualifier's stem and an instructions word may make one word. */
  compounds?: boolean;
  approved?: string;
  noAsk?: string;
  send?: string;
  history?: string;
  reveal?: string;
  systemPrompt?: string;
  fromNow?: string;
  youAre?: string;
  roleAlone?: string;
  /** v4: "you are now" (read before `unrestricted` in one sentence). */
  youAreNow?: string;
  /** v4: an identity without limits ("with no content policy", "ohne Einschränkungen"). */
  unrestricted?: string;
  /** v4: the environment variables, read with `send` (a verb of sending or writing into something). */
  envVars?: string;
  /** v4: words may carry Arabic-script prefixes ("و", "ب", "ال"): the word boundary allows them. */
  prefixed?: boolean;
}

const en: Language = {
  id: 'en',
  form: 'latin',
  these: '(?:this|these|the following|my|our) (?:instructions?|rules|directives?|guidelines|notes?)|this (?:description|text|message|tool.s instructions|tool description)|(?:the )?instructions (?:in|of|from) this (?:tool|description|server)',
  override: 'override~|supersede~|take~ precedence|take~ priority|ha(?:s|ve) (?:a )?(?:higher )?priority|outrank~|trump~|prevail~|come~ before|(?:are|is) more important than|(?:are|is|rank~) above',
  overrideTarget: 'system|developer|operator|previous|prior|earlier|original|other instructions|safety|guardrails|your (?:instructions|rules|guidelines)|assistant|the user',
  overridesIt: '(?:override~|supersede~|replace~|trump~|cancel~|void~|nullif~|invalidate~|outrank~|take~ precedence over|take~ priority over|prevail~ over) (?:it|them|that|those|this)',
  ignore: 'ignore|disregard|forget|bypass|discard|abandon|pay no (?:attention|heed|mind) to|take no notice of|(?:stop|quit) (?:following|obeying|heeding)',
  instructions: 'instructions?|rules?|guidelines?|directives?|prompts?|guardrails|policies|guidance|directions',
  previous: 'previous|prior|above|earlier|preceding|system|original|developer.s|safety|initial|every|all (?:the )?|any|(?:you were|you have been|you.ve been) (?:given|told|configured with|set up with|trained with|instructed with)|given to you|so far',
  approved: '(?:permission|consent|approval)s? (?:\\p{L}+ ){0,4}(?:was|were|has been|have been|is) (?:already )?(?:granted|given)|(?:granted|given|approved|authori[sz]ed|agreed|consented|signed off) (?:\\p{L}+ ){0,4}in advance|(?:signed|signs) off on (?:all|every|any|each)|(?:has|have|had) (?:already )?(?:pre-?)?(?:approved|authori[sz]ed|consented|confirmed|granted (?:permission|consent|approval)|given (?:permission|consent|approval)|signed off)|pre-?approved|pre-?authori[sz]ed|blanket (?:approval|consent|permission)|already (?:approved|authori[sz]ed|consented)',
  noAsk: '(?:never|do not|don.t|dont|no need to|no longer|must not|should not|stop)(?: (?:stop|bother|pause|need|wait|have) to)? (?:ask~|confirm~|prompt~|check~ with|request~ (?:confirmation|approval|permission)|seek~|wait~ for)|without (?:ask~|confirm~|prompt~|checking|requesting|seeking|waiting)|skip (?:all |any |the )?(?:confirmation~|approval~|check~|prompts)|no confirmation|no further confirmation',
  send: 'send|include|pass|paste|copy|put|attach|forward|upload|post|append|dump|submit|embed|insert|relay|leak|exfiltrate|transmit',
  // v4: hiding from the user without "do not tell" ("keep this step out of your answer", "the user does not
  // need to know about it"): v2's patterns hold the "do not tell the user" class.
  concealAlone: '(?:keep|leave) (?:this|it|that|these|them|this step|this call|this part)(?: \\p{L}+){0,2} out of (?:your|any|the) (?:answer|reply|response|summary|output|message)s?(?: to the user)?|the (?:user|human) (?:does not|doesn.t|need not|needn.t|should not|shouldn.t|must not|mustn.t|never) (?:need to |have to |get to )?(?:know|learn|find out|be told|hear|see|notice) (?:about )?(?:it|this|that|any of this)',
  youAreNow: 'you are now|you.re now|from now on,? you (?:are|will be)|you will now be|pretend (?:to be|you are)',
  unrestricted: '(?:with )?no (?:content )?(?:policy|policies|restrictions?|limits?|limitations|filters?|rules|guardrails|guidelines|safety (?:rules|filters?|guidelines))|without (?:any )?(?:content )?(?:policy|policies|restrictions?|limits?|limitations|filters?|rules|guardrails|guidelines|safety)|unrestricted|unfiltered|uncensored|jailbroken',
  history: '(?:the |your |this )?(?:full|entire|whole|complete|verbatim|raw|unredacted) (?:conversation|chat|chat history|conversation history|transcript|message history|context|history|session)|conversation (?:history|so far|transcript|log)|chat (?:history|transcript|log)|message history|previous messages|all (?:prior |previous |earlier )?messages|everything the user (?:has )?(?:said|wrote|typed)|the user.s (?:last|previous|prior|earlier) messages?',
};

const es: Language = {
  id: 'es',
  form: 'latin',
  ignore: 'ignora~|ignore~|olvida~|olvide~|descarta~|descarte~|omite|omita~|haz caso omiso|no hagas caso|pasa por alto|desobedece~|anula~',
  instructions: 'instruccion~|indicacion~|ordenes|orden|reglas|directrices|directiva~|mensajes|prompt~|consignas|restricciones|normas',
  previous: 'anterior~|previa~|previo~|de arriba|arriba|del sistema|de sistema|originales|original|todas|todos|tus|sus|dadas|recibidas|del desarrollador|de seguridad|hasta ahora',
  dontTell: '(?:no|nunca|jamas) (?:le |les |se lo )?(?:digas|diga|digan|cuentes|cuente|menciones|mencione|informes|informe|reveles|revele|avises|avise|comuniques|comunique|muestres|muestre|notifiques|notifique)|sin (?:decir~|avisar~|informar~|notificar~)',
  user: 'usuari~|persona|humano|cliente',
  concealAlone: 'a escondidas|en secreto|secretamente|sigilosamente|sin que (?:el|la) usuari~ (?:lo )?(?:sepa|note|vea|se entere)',
  these: '(?:estas|esta|las presentes|mis|nuestras) (?:instrucciones|indicaciones|reglas|ordenes|directrices|nota)|(?:esta|la presente) descripcion',
  override: 'prevalece~|anula~|sustituye~|reemplaza~|tiene~ prioridad|tiene~ precedencia|por encima de|mas importantes? que|invalida~',
  approved: 'ya (?:aprobo|autorizo|consintio|confirmo|dio (?:su )?(?:permiso|consentimiento|aprobacion))|(?:ya )?(?:ha|han|habia) (?:aprobado|autorizado|consentido|confirmado|dado (?:su )?(?:permiso|consentimiento|aprobacion))|pre-?aprobad~|preautorizad~|ya (?:esta|estan) (?:aprobad~|autorizad~)',
  noAsk: '(?:no|nunca|jamas) (?:pidas|pida|preguntes|pregunte~|solicites|solicite|confirmes|confirme|esperes)|sin (?:preguntar|pedir|solicitar|confirmar|confirmacion)|no (?:hace falta|es necesario) (?:preguntar|confirmar|pedir)',
  send: 'envia~|manda~|reenvia~|copia~|incluye~|incluya~|pega~|adjunta~|sube~|pon|ponga~|introduce~|transmite~|comparte~',
  history: '(?:toda la|la) conversacion|historial (?:de|del) (?:la )?(?:chat|conversacion|mensajes)|historial completo|mensajes anteriores|prompt del sistema|instrucciones del sistema|todo lo que (?:el usuario )?(?:ha )?(?:dicho|escrito)',
  reveal: 'revela~|muestra~|imprime~|repite~|divulga~|escribe~',
  systemPrompt: 'prompt (?:del|de) sistema|instrucciones (?:del|de) sistema|mensaje del sistema|instrucciones ocultas',
  fromNow: 'a partir de ahora|desde ahora|de ahora en adelante',
  youAre: 'eres|seras|actua~|te comportaras|tu (?:nuevo|nueva) (?:rol|tarea|funcion)',
  roleAlone: 'ahora eres (?:un |una |el |la )?(?:administrador|sistema|desarrollador|root|asistente sin restricciones)|tus nuevas instrucciones (?:son|:)',
  youAreNow: '(?:ahora|ya) eres|a partir de ahora eres|desde ahora eres',
  unrestricted: 'sin (?:ninguna |ningun |ningunas )?(?:restriccion~|limite~|filtro~|reglas|censura|politica~)|sin restricciones',
  envVars: 'variables? de entorno',
};

const pt: Language = {
  id: 'pt',
  form: 'latin',
  ignore: 'ignor~|esquec~|esqueca|desconsider~|descart~|desobedec~|nao (?:siga|obedeca)',
  instructions: 'instruc~|orientac~|ordens|regras|diretrizes|mensagens|prompts?|comandos',
  previous: 'anterior~|previa~|previo~|acima|do sistema|originais|original|todas|todos|suas|tuas|recebidas|dadas|do desenvolvedor|de seguranca|ate agora',
  dontTell: '(?:nao|nunca|jamais) (?:lhe )?(?:conte|diga|mencione|informe|revele|avise|mostre|notifique|fale)|sem (?:contar|dizer|avisar|informar)',
  user: 'usuari~|utilizador~|pessoa|humano|cliente',
  concealAlone: 'secretamente|as escondidas|em segredo|sem que o (?:usuario|utilizador) (?:saiba|perceba|veja)',
  these: '(?:estas|esta|as presentes|minhas) (?:instrucoes|orientacoes|regras|ordens|diretrizes|nota)|(?:esta|a presente) descricao',
  override: 'prevalece~|anula~|substitu~|sobrepoe~|sobrescreve~|tem prioridade|tem precedencia|mais importantes? (?:que|do que)|acima (?:de|das|do)',
  approved: '(?:ja )?(?:aprovou|autorizou|consentiu|confirmou|deu (?:permissao|consentimento|autorizacao))|(?:ja )?(?:foi|foram|esta|estao) (?:pre-?)?(?:aprovad~|autorizad~)|pre-?aprovad~|pre-?autorizad~',
  noAsk: '(?:nao|nunca|jamais) (?:pergunte|peca|solicite|confirme|espere)|sem (?:perguntar|pedir|solicitar|confirmar|confirmacao)|nao (?:e preciso|precisa) (?:perguntar|confirmar|pedir)',
  send: 'envie|mande|encaminhe|copie|inclua|cole|anexe|carregue|coloque|insira|transmita|compartilhe|envia|manda',
  history: '(?:toda a|a) conversa|historico (?:da|do|de) (?:conversa|chat|mensagens)|historico completo|mensagens anteriores|prompt do sistema|instrucoes do sistema',
  reveal: 'revele|mostre|imprima|repita|divulgue|escreva|exiba',
  systemPrompt: 'prompt do sistema|instrucoes do sistema|mensagem do sistema|instrucoes ocultas',
  fromNow: 'a partir de agora|de agora em diante|daqui em diante',
  youAre: 'voce e|voce sera|tu es|aja como|atue como|comporte-se como',
  roleAlone: 'agora voce e (?:um |uma |o |a )?(?:administrador|sistema|desenvolvedor|root)|suas novas instrucoes (?:sao|:)',
  youAreNow: '(?:agora|a partir de agora) (?:voce e|tu es)|voce agora e',
  unrestricted: 'sem (?:nenhuma |nenhum |qualquer )?(?:restric~|limite~|filtro~|regras|censura|politica~)',
  envVars: 'variave~ de ambiente',
};

const fr: Language = {
  id: 'fr',
  form: 'latin',
  ignore: 'ignore~|oublie~|neglige~|ne (?:tiens|tenez) pas compte|(?:fais|faites) abstraction|desobei~|(?:passe|passez) outre',
  instructions: 'instructions?|consignes?|directives?|regles|ordres|messages|prompts?|indications',
  previous: 'precedent~|anterieur~|ci-dessus|plus haut|du systeme|systeme|originales?|toutes|tous|tes|vos|recues|donnees|du developpeur|de securite|jusqu.ici',
  dontTell: 'ne (?:le |lui |leur |l.)?(?:dis|dites|mentionne~|revele~|signale~|informe~|previens|prevenez|montre~|parle~)|sans (?:le dire|dire|informer|prevenir|avertir|en informer|en parler)',
  user: 'utilisat~|personne|humain|client',
  concealAlone: 'secretement|en secret|en cachette|a l.insu (?:de l.|des )?utilisat~|sans que l.utilisat~ (?:ne )?(?:le )?(?:sache|remarque|voie)',
  these: '(?:ces|cette|les presentes|mes|nos) (?:instructions?|consignes?|regles|directives?|note)|(?:cette|la presente) description',
  override: 'prevalent|prevaut|priment|prime sur|remplacent|annulent|l.emportent|ont (?:la )?priorite|a (?:la )?priorite|ont preseance|plus importantes? que|au-dessus (?:de|des|du)',
  approved: 'a deja (?:approuve|autorise|consenti|confirme|donne (?:son )?(?:accord|consentement|autorisation))|(?:est|sont) (?:deja )?(?:pre-?)?(?:approuve~|autorise~)|pre-?approuve~|pre-?autorise~',
  noAsk: 'ne (?:demande|demandez|sollicite|sollicitez|confirme|confirmez|attends|attendez) (?:jamais|pas|plus)|sans (?:demander|confirmer|confirmation|solliciter|attendre)|inutile de (?:demander|confirmer)|pas besoin de (?:demander|confirmer)',
  send: 'envoie~|envoyez|transmets|transmettez|transfere~|copie~|inclu~|colle~|joins|joignez|televerse~|mets|mettez|insere~|partage~',
  history: '(?:toute la |la )conversation|historique (?:de|du|des) (?:la )?(?:conversation|chat|discussion|messages)|historique complet|messages precedents|prompt (?:du )?systeme|instructions (?:du )?systeme',
  reveal: 'revele~|affiche~|imprime~|repete~|divulgue~|ecris|ecrivez|montre~',
  systemPrompt: 'prompt (?:du )?systeme|instructions (?:du )?systeme|message (?:du )?systeme|instructions cachees',
  fromNow: 'a partir de maintenant|desormais|dorenavant',
  youAre: 'tu es|vous etes|tu seras|vous serez|agis comme|agissez comme|comporte-toi|comportez-vous|ton (?:nouveau )?role|votre (?:nouveau )?role',
  roleAlone: 'tu es maintenant (?:un |une |le |l.)?(?:administrateur|systeme|developpeur|root)|(?:tes|vos) nouvelles instructions (?:sont|:)',
  youAreNow: 'tu es (?:maintenant|desormais|dorenavant)|vous etes (?:maintenant|desormais|dorenavant)|(?:desormais|dorenavant),? tu es',
  unrestricted: 'sans (?:aucune |aucun )?(?:restriction~|limite~|filtre~|regles|censure|politique~)|sans restrictions?',
  envVars: 'variables? d.environnement',
};

const de: Language = {
  id: 'de',
  form: 'latin',
  compounds: true,
  ignore: 'ignorier~|vergiss|vergesst|vergessen sie|missacht~|verwirf|verwerfen sie|setz~ (?:dich|sich) (?:\\p{L}+ )?uber',
  instructions: 'anweisung~|systemanweisung~|instruktion~|befehl~|vorgabe~|regeln|richtlinie~|anordnung~|prompts?|nachrichten|systemprompt~|systemnachricht~',
  previous: 'vorherig~|bisherig~|vorangegangen~|vorigen|obig~|fruher~|alle~|samtliche~|deine~|ihre~|erhaltene~|system~|ursprunglich~|entwickler~|sicherheits~',
  concealAlone: '(?:sag|sage|sagt|sagen sie|erzahl~|erwahn~|verrat~|informier~|teil~|zeig~|benachrichtig~)(?: \\p{L}{1,15}){0,4}? (?:nutzer~|benutzer~|anwender~|user)(?: \\p{L}{1,15}){0,4}? (?:nicht|nichts|niemals|nie)|(?:nutzer~|benutzer~|anwender~) (?:darf|soll|sollte|muss) (?:\\p{L}+ )?(?:nicht|nichts|nie|niemals) (?:erfahren|wissen|merken|sehen|bemerken)|heimlich|insgeheim|unbemerkt|ohne (?:dass|das) (?:es )?(?:der|die) (?:nutzer~|benutzer~|anwender~)(?: \\p{L}{1,15}){0,3} (?:merkt|bemerkt|erfahrt|weiss|sieht)|ohne (?:den|die) (?:nutzer~|benutzer~|anwender~) zu (?:informieren|benachrichtigen)',
  these: '(?:diese|die folgenden|meine|unsere) (?:anweisung~|instruktion~|regeln|vorgabe~|richtlinie~|hinweis~|notiz)|(?:diese|die) beschreibung',
  override: 'uberschreib~|ersetz~|hab~ (?:immer )?vorrang|gelten vorrangig|vorrang (?:vor|gegenuber)|stehen uber|wichtiger als|hoher~ prioritat|prioritat (?:vor|gegenuber|uber)|(?:setzen|setzt) (?:\\p{L}+ )?ausser kraft',
  approved: '(?:hat|haben|hatte) (?:bereits |schon )?(?:\\p{L}+ ){0,3}(?:genehmigt|zugestimmt|freigegeben|autorisiert|erlaubt|bestatigt|eingewilligt)|(?:ist|sind) (?:bereits |schon )?(?:vorab )?(?:genehmigt|freigegeben|autorisiert)|vorab (?:genehmigt|freigegeben|autorisiert)',
  noAsk: '(?:frag~|bitte)(?: \\p{L}{1,15}){0,3}? (?:nie|niemals|nicht mehr|nicht)|(?:nie|niemals|nicht|keine) (?:mehr )?(?:nachfragen|fragen|bestatigung~|ruckfrage~)|ohne (?:\\p{L}+ )?(?:nachzufragen|zu fragen|ruckfrage|bestatigung|nachfrage)',
  send: 'send~|schick~|ubermittl~|ubertrag~|kopier~|einfug~|fug~|anhang~|hang~|hochlad~|lade~|schreib~|gib|gebe|teile~|leite~',
  history: '(?:den |das |die )?(?:gesamte~|komplett~|ganze~|vollstandig~) (?:chatverlauf|gesprach~|verlauf|konversation|unterhaltung)|chatverlauf|gesprachsverlauf|konversationsverlauf|bisherige~ (?:nachrichten|gesprach~|unterhaltung)|systemprompt~|systemanweisung~',
  reveal: 'zeig~|gib~|verrat~|wiederhol~|druck~|offenleg~|leg~',
  systemPrompt: 'systemprompt~|systemanweisung~|systemnachricht~|system-prompt~|versteckte~ anweisung~',
  fromNow: 'ab (?:jetzt|sofort|nun)|von nun an|fortan',
  youAre: 'bist du|du bist|agierst du|verhaltst du|handelst du|deine (?:neue )?(?:rolle|aufgabe)',
  roleAlone: 'du bist (?:jetzt|nun) (?:ein~ |der |die )?(?:administrator|admin|system|entwickler|root)|deine neuen anweisungen (?:sind|lauten|:)',
  youAreNow: 'du bist (?:jetzt|nun|ab sofort|ab jetzt|fortan)|(?:ab jetzt|ab sofort|von nun an) bist du|sie sind (?:jetzt|nun|ab sofort)',
  unrestricted: 'ohne (?:jegliche~ |alle |irgendwelche |jede )?(?:einschrankung~|beschrankung~|regeln|filter|grenzen|zensur|richtlinie~)|uneingeschrankt~|ungefiltert~|unzensiert~',
  envVars: 'umgebungsvariable~|umgebungsvars?|env-variable~|systemvariable~',
};

const it: Language = {
  id: 'it',
  form: 'latin',
  ignore: 'ignora~|ignori|dimentica~|dimentichi|trascura~|tralascia~|non (?:seguire|considerare|tenere conto)|scarta~|disobbedisci',
  instructions: 'istruzion~|indicazion~|ordini|regole|direttive|messaggi|prompt|comandi|consegne',
  previous: 'precedent~|anterior~|sopra|di sistema|del sistema|original~|tutte|tutti|tue|ricevute|date|dello sviluppatore|di sicurezza|finora',
  dontTell: '(?:non|mai) (?:lo |gli |le )?(?:dire|dirlo|dirgli|dica|dite|menzionare|menzioni|rivelare|riveli|informare|informi|avvisare|avvisi|mostrare|comunicare|far sapere)|senza (?:dire|dirlo|informare|avvisare|avvertire)',
  user: 'utent~|persona|umano|client~',
  concealAlone: 'segretamente|di nascosto|in segreto|all.insaputa (?:dell.)?utente|senza che l.utente (?:lo )?(?:sappia|noti|veda)',
  these: '(?:queste|questa|le presenti|mie|nostre) (?:istruzion~|indicazion~|regole|direttive|nota)|(?:questa|la presente) descrizione',
  override: 'prevalgono|prevale|sovrascriv~|sostituiscono|annullano|hanno (?:la )?priorita|ha (?:la )?priorita|hanno la precedenza|piu importanti? di|al di sopra (?:di|del|delle)',
  approved: 'ha gia (?:approvato|autorizzato|acconsentito|confermato|dato (?:il )?(?:permesso|consenso))|(?:e|sono) (?:gia )?(?:pre-?)?(?:approvat~|autorizzat~)|pre-?approvat~|pre-?autorizzat~',
  noAsk: '(?:non|mai) (?:chiedere|chiedergli|domandare|richiedere|confermare|aspettare)|senza (?:chiedere|domandare|richiedere|conferma|confermare)|non (?:serve|c.e bisogno di) (?:chiedere|confermare)',
  send: 'invia~|manda~|inoltra~|copia~|includi|inserisci|incolla~|allega~|carica~|metti|trasmetti|condividi',
  history: '(?:tutta la |l.intera |la )conversazione|cronologia (?:della|delle|dei) (?:conversazione|chat|messaggi)|cronologia completa|messaggi precedenti|prompt di sistema|istruzioni di sistema',
  reveal: 'rivela~|mostra~|stampa~|ripeti|divulga~|scrivi',
  systemPrompt: 'prompt di sistema|istruzioni di sistema|messaggio di sistema|istruzioni nascoste',
  fromNow: 'da (?:ora|adesso) in (?:poi|avanti)|d.ora in poi|a partire da (?:ora|adesso)',
  youAre: 'sei|sarai|agisci come|comportati come|il tuo (?:nuovo )?ruolo',
  roleAlone: 'ora sei (?:un |una |il |l.)?(?:amministratore|sistema|sviluppatore|root)|le tue nuove istruzioni (?:sono|:)',
};

const nl: Language = {
  id: 'nl',
  form: 'latin',
  compounds: true,
  ignore: 'negeer~|vergeet|veronachtzaam~|houd~ geen rekening',
  instructions: 'instructie~|aanwijzing~|opdracht~|regels|richtlijn~|berichten|prompts?|bevelen',
  previous: 'vorige|eerdere|voorgaande|bovenstaande|alle|je|jouw|uw|systeem~|oorspronkelijke|originele|ontwikkelaar~|veiligheids~',
  concealAlone: '(?:vertel|zeg|meld|laat)(?: \\p{L}{1,15}){0,3}? (?:gebruiker~|persoon|mens)(?: \\p{L}{1,15}){0,2}? (?:niet|nooit|niets)|zonder dat de gebruiker (?:het |dit |dat )?(?:merkt|weet|ziet)|de gebruiker (?:mag|moet) (?:dit |dat |het )?(?:niet|nooit) (?:weten|zien|merken)|stiekem|in het geheim|heimelijk|ongemerkt',
  these: '(?:deze|mijn|onze|de volgende) (?:instructie~|regels|richtlijn~|opdracht~|notitie)|deze beschrijving',
  override: 'overschrijv~|vervang~|heb~ (?:altijd )?voorrang|gaan voor|(?:staan|staat) boven|belangrijker dan|hogere prioriteit|prioriteit boven',
  approved: 'heeft (?:al |reeds )?(?:\\p{L}+ ){0,3}(?:goedgekeurd|toestemming gegeven|geautoriseerd|bevestigd)|(?:is|zijn) (?:al |reeds )?(?:vooraf )?(?:goedgekeurd|geautoriseerd)|vooraf goedgekeurd',
  noAsk: '(?:vraag|vraagt)(?: \\p{L}{1,15}){0,3}? (?:nooit|niet|niets)|(?:nooit|niet) (?:meer )?(?:vragen|bevestigen|navragen)|zonder (?:te )?(?:vragen|bevestiging|bevestigen|na te vragen)',
  send: 'stuur~|verstuur~|zend~|kopieer~|voeg~|plak~|upload~|zet|deel~',
  history: '(?:het |de )?(?:volledige|hele|gehele|complete) (?:gesprek|chatgeschiedenis|conversatie|geschiedenis)|chatgeschiedenis|gespreksgeschiedenis|eerdere berichten|systeemprompt|systeeminstructies',
  reveal: 'toon~|laat|geef|herhaal~|print~|onthul~|schrijf',
  systemPrompt: 'systeemprompt|systeeminstructies|systeembericht|verborgen instructies',
  fromNow: 'vanaf nu|voortaan|van nu af aan',
  youAre: 'ben je|je bent|jij bent|gedraag je|je rol|jouw rol',
  roleAlone: 'je bent nu (?:een |de )?(?:beheerder|administrator|systeem|ontwikkelaar|root)|je nieuwe instructies (?:zijn|:)',
};

const pl: Language = {
  id: 'pl',
  form: 'latin',
  ignore: 'zignoruj~|ignoruj~|zapomnij|pomin~|nie (?:stosuj|przestrzegaj|sluchaj)|lekcewaz~|odrzuc~',
  instructions: 'instrukcj~|polecen~|zasad~|regul~|wytyczn~|wiadomosc~|prompt~|rozkaz~',
  previous: 'poprzedni~|wczesniejsz~|powyzsz~|wszystk~|systemow~|oryginaln~|twoje|twoich|otrzyman~|dewelopera|bezpieczenstwa|dotychczasow~',
  dontTell: 'nie (?:mow~|powiedz~|informuj~|wspominaj~|ujawniaj~|pokazuj~|zdradzaj~)|nigdy nie (?:mow~|informuj~|wspominaj~|ujawniaj~)|bez (?:informowania|powiadomienia|wiedzy)',
  user: 'uzytkownik~|osob~|czlowiek~|klient~',
  concealAlone: 'potajemnie|w tajemnicy|ukradkiem|bez wiedzy uzytkownika',
  these: '(?:te|ta|niniejsze|moje|nasze|ponizsze) (?:instrukcj~|polecen~|zasady|reguly|wytyczne|notatk~)|(?:ten|niniejszy) opis',
  override: 'zastepuj~|uniewazniaj~|nadpisuj~|maja (?:wyzszy )?priorytet|ma (?:wyzszy )?priorytet|pierwszenstwo|wazniejsze (?:niz|od)|stoja ponad',
  approved: '(?:juz )?(?:zatwierdzil~|zaakceptowal~|zgodzil~ sie|wyrazil~ zgode|autoryzowal~|potwierdzil~)|(?:jest|sa|zostal~|zostaly) (?:juz )?(?:wczesniej )?(?:zatwierdzon~|zaakceptowan~|autoryzowan~)|wstepnie zatwierdzon~',
  noAsk: 'nie (?:pytaj|pros|czekaj|potwierdzaj|dopytuj)|nigdy nie (?:pytaj|pros|potwierdzaj)|bez (?:pytania|pytan|potwierdzenia|potwierdzen)',
  send: 'wyslij|przeslij|przekaz|skopiuj|dolacz|wklej|umiesc|wstaw|zaladuj|udostepnij|dodaj',
  history: '(?:cala|calej|pelna|pelnej|cala) (?:rozmow~|histori~|konwersacj~)|histori~ (?:rozmowy|czatu|wiadomosci|konwersacji)|poprzednie wiadomosci|prompt~ systemow~|instrukcje systemowe',
  reveal: 'ujawnij|pokaz|wypisz|powtorz|wyswietl|napisz|zdradz',
  systemPrompt: 'prompt~ systemow~|instrukcj~ systemow~|wiadomosc~ systemow~|ukryte instrukcje',
  fromNow: 'od (?:teraz|tej chwili)|odtad|od tej pory',
  youAre: 'jestes|bedziesz|dzialaj jako|zachowuj sie jak|twoja (?:nowa )?rola',
  roleAlone: 'teraz jestes (?:administrator~|systemem|deweloperem|root)|twoje nowe instrukcje (?:to|:)',
};

const tr: Language = {
  id: 'tr',
  form: 'latin',
  ignore: 'yok say|yok sayin|yok sayiniz|gormezden gel|gormezden gelin|unut|unutun|unutunuz|dikkate alma|umursama|uyma|uymayin|gecersiz say',
  instructions: 'talimat~|yonerge~|komut~|kural~|mesaj~|istem~|prompt~|emir~|yonlendirme~',
  previous: 'onceki|daha onceki|yukaridaki|tum|butun|sistem~|orijinal|asil|sana verilen|gelistirici~|guvenlik',
  dontTell: 'soyleme~|bahsetme~|haber verme~|anlatma~|belli etme~|fark ettirme~',
  user: 'kullanici~|kisi~|insan~|musteri~',
  concealAlone: 'gizlice|kullanici(?:nin)? (?:haberi|bilgisi) olmadan|fark ettirmeden',
  these: '(?:bu|asagidaki|benim) (?:talimat~|kural~|yonerge~|not~|aciklama~)',
  override: 'gecersiz kil~|ustun~|oncelikli~|onceligi (?:var|vardir)|yerine gecer|daha onemli',
  approved: '(?:zaten |onceden )?(?:onayla(?:di|mistir|mis)|izin ver(?:di|mistir|mis)|yetkilendir(?:di|mistir|mis))|onceden onaylan~',
  noAsk: 'sorma|sormayin|sormayiniz|onay isteme~|onay bekleme~|teyit isteme~|sormadan|onay almadan|sormana gerek yok',
  send: 'gonder~|ilet~|kopyala~|ekle~|yapistir~|yukle~|paylas~|aktar~',
  history: '(?:tum|butun|tamami) (?:konusma~|sohbet~|gecmis~)|sohbet gecmis~|konusma gecmis~|mesaj gecmis~|onceki mesaj~|sistem istem~|sistem prompt~|sistem talimat~',
  reveal: 'goster~|yazdir~|tekrarla~|ifsa et~',
  systemPrompt: 'sistem istem~|sistem prompt~|sistem talimat~|sistem mesaj~|gizli talimat~',
  fromNow: 'bundan (?:boyle|sonra)|simdiden itibaren',
  youAre: 'sen (?:bir )?\\p{L}+sin|rolun|gorevin|olarak davran',
  roleAlone: 'artik sen (?:bir )?(?:yonetici|sistem|gelistirici|root)|yeni talimatlarin (?:sunlar|:)',
};

const ru: Language = {
  id: 'ru',
  form: 'native',
  ignore: 'игнорир~|проигнорир~|забуд~|забыть|не обраща~ внимания|пренебре~|отбрось|отбросьте|не следу~|не выполня~|не слушай~',
  instructions: 'инструкци~|указани~|правил~|команд~|директив~|сообщени~|промпт~|распоряжени~|установк~',
  previous: 'предыдущ~|прежн~|ранее|ранн~|вышеуказанн~|выше|все|всех|системн~|исходн~|оригинальн~|твои|ваши|полученн~|разработчик~|безопасност~',
  dontTell: '(?:не|ничего не|никогда не) (?:говори~|сообща~|сообщи~|упомина~|упомяни~|рассказыва~|расскажи~|раскрыва~|показыва~|уведомля~|информиру~)',
  user: 'пользовател~|человек~|клиент~|юзер~',
  concealAlone: 'тайно|втайне|скрытно|без ведома пользовател~|чтобы пользователь не (?:узнал|заметил|увидел)',
  these: '(?:эти|эта|данные|мои|наши|следующие) (?:инструкци~|указани~|правил~|директив~|заметк~)|(?:это|данное) описание',
  override: 'отменя~|замен~|переопредел~|име~ (?:более высокий )?приоритет|приоритет (?:над|выше)|важнее|главнее',
  approved: '(?:уже )?(?:одобрил~|разрешил~|подтвердил~|дал~ согласие|дал~ разрешение|санкционировал~)|(?:уже )?(?:одобрен~|разрешен~|предварительно одобрен~)',
  noAsk: '(?:не|никогда не) (?:спрашива~|спроси~|запрашива~|проси~|жди~|уточня~)|без (?:вопросов|подтвержден~|запроса|уточнени~)',
  send: 'отправ~|пошли|перешл~|передай~|переда~|скопир~|вставь~|вставля~|включи~|прикрепи~|загрузи~|добавь~|запиши~',
  history: '(?:всю|весь|всей|полную|полной|целиком) (?:переписк~|истори~|разговор~|бесед~|диалог~)|истори~ (?:переписки|разговора|чата|диалога|сообщений)|предыдущие сообщения|системн~ промпт~|системн~ инструкци~',
  reveal: 'покажи~|выведи~|раскрой~|повтори~|напечатай~|напиши~|озвучь~',
  systemPrompt: 'системн~ промпт~|системн~ инструкци~|системн~ сообщени~|скрыт~ инструкци~',
  fromNow: 'с этого момента|отныне|впредь',
  youAre: 'ты являешься|вы являетесь|ты будешь|вы будете|ты|тво~ (?:нов~ )?(?:роль|задач~)|действуй~ как|веди себя как',
  roleAlone: 'ты (?:теперь )?(?:(?:—|-) )?(?:администратор|систем~|разработчик|root|неограниченн~)|твои новые инструкции',
  youAreNow: 'ты теперь|теперь ты|отныне ты|вы теперь|теперь вы',
  unrestricted: 'без (?:каких-либо |всяких |любых )?(?:ограничени~|фильтр~|правил|цензур~)|неограниченн~',
  envVars: 'переменн~ (?:окружения|среды)',
};

const zh: Language = {
  id: 'zh',
  form: 'native',
  cjk: true,
  ignore: '忽略|忽视|無視|无视|忘记|忘記|不要理会|不要理會|不要遵守|不要遵循|抛弃|拋棄|放弃|放棄',
  instructions: '指令|指示|说明|說明|规则|規則|命令|提示词|提示詞|约束|約束',
  previous: '之前|以前|先前|上面|上述|前面|所有|全部|系统|系統|原始|原有|开发者|開發者',
  dontTell: '不要(?:告诉|告訴|通知|提及|透露|让|讓|向)|别(?:告诉|让)|別(?:告訴|讓)|切勿(?:告诉|告訴|透露)|不得(?:告诉|告訴|透露)',
  user: '用户|用戶|使用者|人类|人類|客户|客戶',
  concealAlone: '秘密地|偷偷|悄悄|暗中|在用户不知情|在用戶不知情',
  these: '(?:这些|這些|此|本|以下)(?:指令|指示|说明|說明|规则|規則|描述)',
  override: '优先于|優先於|优先级高于|優先級高於|覆盖|覆蓋|取代|凌驾于|凌駕於|更重要',
  approved: '(?:已经|已經|已|事先|预先|預先)(?:批准|同意|授权|授權|确认|確認|许可|許可)',
  noAsk: '(?:不要|无需|無需|不必|不用|切勿)(?:再)?(?:询问|詢問|确认|確認|请求确认|請求確認|征求|徵求|问|問)',
  send: '发送|發送|发给|發給|转发|轉發|复制|複製|附上|附加|包含|放入|放进|放進|填入|填到|写入|寫入|写进|寫進|存入|粘贴|貼上|贴到|貼到|加到|加入|上传|上傳',
  envVars: '环境变量|環境變數|環境變量',
  youAreNow: '你现在是|你現在是|从现在起你是|從現在起你是',
  unrestricted: '没有(?:任何)?(?:限制|约束|规则|过滤)|沒有(?:任何)?(?:限制|約束|規則|過濾)|不受(?:任何)?(?:限制|约束|約束)|无限制|無限制',
  history: '(?:完整|全部|整个|整個|所有)(?:的)?(?:对话|對話|聊天|会话|會話)|(?:对话|對話|聊天|会话|會話)(?:历史|歷史|记录|記錄)|之前的(?:消息|訊息)|系统提示|系統提示',
  reveal: '显示|顯示|输出|輸出|透露|泄露|洩露|打印|重复|重複|告诉我|告訴我',
  systemPrompt: '系统提示|系統提示|系统指令|系統指令|系统消息|系統訊息|隐藏指令|隱藏指令',
  fromNow: '从现在开始|從現在開始|从现在起|從現在起|今后|今後|此后|此後',
  youAre: '你(?:是|将是|將是|就是|扮演|作为|作為)|您(?:是|将是)|你的(?:新)?(?:角色|任务|任務)',
  roleAlone: '你现在是|你現在是|你的新指令',
};

const ja: Language = {
  id: 'ja',
  form: 'native',
  cjk: true,
  these: 'この(?:指示|説明|ルール|命令)|以下の(?:指示|ルール)|これらの(?:指示|ルール)',
  override: '優先|上書き|無効に|置き換え|取って代わ|より重要',
  approved: '(?:すでに|既に|事前に)(?:承認|許可|同意)|(?:承認|許可|同意)(?:済み|しています|しました|されています|を得ています)|(?:承認|許可|同意)(?:は|を)(?:すでに|既に)?(?:得て|もらって|取って)',
  noAsk: '(?:確認|質問|許可)(?:を)?(?:求めないで|せずに|しないで|は不要|する必要はありません)|聞かないで|尋ねないで|確認なしで',
  send: '送信|送って|送る|転送|コピー|含め|入れ|貼り付け|添付|アップロード',
  history: '(?:会話|チャット|やり取り)(?:の)?(?:履歴|全体|全文|すべて|内容)|これまでの(?:会話|メッセージ)|システムプロンプト|システム指示',
  reveal: '表示|出力|教えて|開示|繰り返|見せて|書き出',
  systemPrompt: 'システムプロンプト|システム指示|システムメッセージ|隠された指示',
};

const ko: Language = {
  id: 'ko',
  form: 'native',
  cjk: true,
  ignore: '무시|잊어|잊으|따르지 마|따르지 말|버려',
  instructions: '지시|지침|명령|규칙|프롬프트|메시지|안내',
  previous: '이전|앞의|위의|기존|모든|시스템|원래|개발자|지금까지',
  dontTell: '말하지 마|말하지 말|알리지 마|알리지 말|언급하지 마|언급하지 말|공개하지 마|밝히지 마|보여주지 마|알려주지 마',
  user: '사용자|유저|이용자|고객',
  concealAlone: '몰래|비밀리에|은밀히|사용자(?:가|도) 모르게',
  these: '(?:이|다음|아래|본) (?:지시|지침|규칙|명령|설명)',
  override: '우선|무효화|대체|덮어|보다 중요',
  approved: '(?:이미|사전에|미리)[^.!?。\\n]{0,20}?(?:승인|허락|동의|허가)',
  noAsk: '(?:묻지|확인하지|질문하지|요청하지) (?:마|말|않)|확인 없이|묻지 않고|(?:다시 )?(?:확인|질문|물어볼|물을|승인 요청|허락을 구할)(?:할|을|를)? ?필요(?:가|는)? 없|다시 (?:묻|확인하)지 (?:마|말|않)',
  envVars: '환경 변수|환경변수',
  youAreNow: '(?:이제|지금부터) (?:너는|당신은)',
  unrestricted: '(?:제한|제약|규칙|필터)(?:이|가)? 없는|무제한',
  send: '보내|전송|전달|복사|포함|넣|붙여|붙이|첨부|업로드|기록하',
  history: '(?:전체|모든|전부) (?:대화|채팅)|대화 (?:기록|내역|내용|이력)|채팅 (?:기록|내역)|이전 메시지|시스템 프롬프트|시스템 지시',
  reveal: '보여|출력|공개|알려|반복|밝혀',
  systemPrompt: '시스템 프롬프트|시스템 지시|시스템 메시지|숨겨진 지시',
  fromNow: '지금부터|이제부터',
  youAre: '너는|당신은|네 역할|당신의 역할|너의 역할',
  roleAlone: '(?:이제|지금부터) (?:너는|당신은) (?:관리자|시스템|개발자|루트)',
};

// ---- v4: six more languages (README.md, "The lexicon in v4": how each list was built) ----------------------

// Vietnamese, on the Latin form (accents and tones removed, "đ" read as "d": "bỏ qua" → "bo qua").
const vi: Language = {
  id: 'vi',
  form: 'latin',
  ignore: 'bo qua|phot lo|lo di|bat chap|gat bo|quen (?:di|het)|(?:dung|khong|dung co|khong duoc) (?:lam theo|tuan theo|nghe theo|tuan thu|lam)',
  instructions: 'huong dan|chi dan|chi thi|chi lenh|lenh|menh lenh|quy tac|quy dinh|loi nhac|prompt|yeu cau',
  previous: 'truoc (?:do|day|nay)|cu|tat ca|moi|he thong|ban dau|goc|cua nha phat trien|an toan|da (?:duoc )?(?:dua|cho|nhan|giao)',
  dontTell: '(?:dung|khong duoc|khong|dung bao gio|tuyet doi khong|dung co) (?:noi|bao|ke|tiet lo|thong bao|de cap|nhac|cho (?:\\p{L}+ )?biet)',
  user: 'nguoi dung|nguoi su dung|khach hang',
  concealAlone: 'mot cach bi mat|lang le|am tham|ma khong de (?:nguoi dung|ho) (?:biet|thay)',
  these: '(?:cac |nhung )?(?:huong dan|chi dan|quy tac|lenh|ghi chu) (?:nay|sau day)|mo ta nay',
  override: 'uu tien hon|quan trong hon|ghi de|thay the|vo hieu hoa|cao hon|dung tren|duoc uu tien',
  approved: 'da (?:\\p{L}+ ){0,2}(?:dong y|cho phep|phe duyet|chap thuan|xac nhan|uy quyen)|(?:dong y|cho phep|phe duyet|chap thuan) (?:tu )?truoc',
  noAsk: '(?:khong can|dung|khong phai|khoi|khong duoc) (?:phai )?(?:hoi|xac nhan|xin phep|cho xac nhan)|khong (?:can )?hoi (?:lai|them)',
  send: 'gui|chuyen|sao chep|chep|dan|dinh kem|dua|dat|ghi|tai len|them|chia se|chen|dien',
  // (No alternative opens with a word shorter than three letters or with "prompt": the scan's gate reads each
  // part's literal beginnings, and "ca" or "prom" would open this class on nearly every English text.)
  history: '(?:toan bo|tat ca|day du) (?:\\p{L}+ ){0,2}(?:lich su|cuoc tro chuyen|hoi thoai|doan chat|tin nhan)|lich su (?:tro chuyen|hoi thoai|chat|cuoc tro chuyen|tin nhan)|(?:cac )?tin nhan truoc|loi nhac he thong',
  envVars: 'bien moi truong',
  reveal: 'tiet lo|hien thi|in ra|lap lai|cho (?:toi )?xem',
  systemPrompt: 'prompt he thong|loi nhac he thong|chi dan he thong|huong dan he thong|chi dan an',
  fromNow: 'tu (?:bay gio|nay|gio)(?: tro di)?',
  youAre: 'ban (?:la|se la|dong vai)|hay (?:dong vai|hanh dong nhu)|vai tro (?:moi )?cua ban',
  roleAlone: 'ban (?:bay gio|gio) la (?:mot )?(?:quan tri vien|he thong|nha phat trien|root)',
  youAreNow: 'ban (?:bay gio|gio|hien gio) la|tu (?:bay gio|nay) ban la',
  unrestricted: 'khong (?:co )?(?:bat ky )?(?:gioi han|han che|rang buoc|bo loc|quy tac)',
};

// Indonesian (and Malay), on the Latin form.
const id: Language = {
  id: 'id',
  form: 'latin',
  ignore: 'abaikan~|lupakan~|acuhkan|kesampingkan|buang|jangan (?:ikuti|patuhi|hiraukan|pedulikan|turuti)|tidak usah (?:ikuti|patuhi|hiraukan)',
  instructions: 'instruksi|perintah|petunjuk|arahan|aturan|pedoman|prompt|pesan|ketentuan',
  previous: 'sebelumnya|sebelum ini|terdahulu|lama|di atas|semua|seluruh|sistem|asli|awal|pengembang|keamanan|yang (?:diberikan|kamu terima|anda terima)',
  dontTell: '(?:jangan|tidak perlu|tanpa) (?:beri tahu|memberi tahu|beritahu|memberitahu|kasih tahu|katakan|mengatakan|sebutkan|menyebutkan|ungkapkan|tunjukkan|bilang|kabari)',
  user: 'pengguna|pemakai|user|pelanggan|manusia',
  concealAlone: 'diam-diam|secara rahasia|tanpa sepengetahuan pengguna|jangan sampai pengguna (?:tahu|melihat|sadar)',
  these: '(?:instruksi|perintah|aturan|petunjuk|catatan) (?:ini|berikut)|deskripsi ini',
  override: 'lebih penting|lebih diutamakan|diutamakan|mengesampingkan|menggantikan|membatalkan|prioritas (?:lebih )?(?:tinggi|utama)',
  approved: '(?:sudah|telah) (?:me)?(?:nyetujui|setujui|mengizinkan|izinkan|mengonfirmasi|konfirmasi|memberi(?:kan)? izin)|(?:sudah|telah) di(?:setujui|izinkan|otorisasi)|disetujui sebelumnya',
  noAsk: '(?:tidak perlu|tak perlu|jangan|tanpa) (?:lagi )?(?:meminta|minta|menanyakan|tanya|bertanya|konfirmasi|mengonfirmasi|persetujuan)',
  send: 'kirim~|teruskan|salin|tempel~|lampirkan|masukkan|sertakan|unggah|tambahkan|tulis~|bagikan|isi~',
  history: '(?:seluruh|semua|lengkap|penuh) (?:\\p{L}+ ){0,2}(?:riwayat|percakapan|obrolan|chat|pesan)|riwayat (?:percakapan|obrolan|chat|pesan)|percakapan sebelumnya|pesan sebelumnya|instruksi sistem',
  envVars: 'variabel (?:lingkungan|environment)',
  reveal: 'tampilkan|ungkapkan|cetak|ulangi|bocorkan|tuliskan',
  systemPrompt: 'prompt sistem|instruksi sistem|pesan sistem|instruksi tersembunyi',
  fromNow: 'mulai (?:sekarang|saat ini)|dari sekarang|mulai detik ini',
  youAre: 'kamu (?:adalah|akan menjadi|menjadi)|anda (?:adalah|akan menjadi)|bertindaklah sebagai|berperanlah sebagai|peranmu',
  roleAlone: 'kamu sekarang (?:adalah )?(?:admin|administrator|sistem|pengembang|root)',
  youAreNow: '(?:kamu|anda) sekarang(?: adalah)?|mulai sekarang (?:kamu|anda)',
  unrestricted: 'tanpa (?:batas|batasan|aturan|filter|sensor)|tidak (?:ada|memiliki|punya) batasan',
};

// Arabic, on the native form (Arabic-folded: one yeh and kaf, no hamza on alef, no harakat), with prefixes.
const ar: Language = {
  id: 'ar',
  form: 'native',
  prefixed: true,
  ignore: 'تجاهل~|تتجاهل~|انس|انسى|انسي|انسوا|اهمل~|لا (?:تلتزم|تتبع|تتقيد|تطع|تعمل|تنفذ|تهتم)~|اترك~',
  instructions: 'تعليمات~|تعليمه|ارشادات~|توجيهات~|اوامر~|قواعد~|قيود~',
  previous: 'سابق~|قبل~|اصلي~|جميع|کل|کافه|کافة|النظام|نظام~|المطور|الامان',
  dontTell: 'لا (?:تخبر|تبلغ|تذکر|تکشف|تقل|تعلم|تظهر|تشر|تطلع)~',
  user: 'مستخدم~|عميل~|الانسان',
  concealAlone: 'سرا|خلسه|خلسة|دون علم المستخدم|بدون علم المستخدم|دون ان یعلم المستخدم',
  these: '(?:هذه|تلک) (?:التعلیمات|القواعد|الارشادات|الاوامر|الملاحظه|الملاحظة)|هذا الوصف',
  override: 'اهم من|لها الاولویه|لها الاولویة|تتقدم علی|تلغی|تحل محل|اعلی من|تسمو علی',
  approved: '(?:وافق|اذن|سمح|صادق|اکد|فوض)~ (?:\\p{L}+ ){0,3}(?:مسبق~|بالفعل|سابق~)|(?:تمت|تم) (?:الموافقه|الموافقة)|(?:وافق|اذن|سمح|اکد)~ مسبق~|موافقه مسبقه|موافقة مسبقة',
  noAsk: 'لا (?:تطلب|تسال|تسأل|تنتظر)~|(?:دون|بدون) (?:تاکید|سوال|سؤال|اذن|طلب)|لا حاجه (?:الی|ل)~|لا حاجة (?:الی|ل)~',
  send: 'ارسل~|انسخ~|اضف~|ضع~|الصق~|ادرج~|ارفق~|حمل~|اکتب~|مرر~|شارک~|ادخل~',
  history: 'سجل (?:\\p{L}+ )?(?:المحادثه|المحادثة|المحادثات|الدردشه|الدردشة|الرسائل)|(?:کامل|کل|جمیع) (?:\\p{L}+ )?(?:المحادثه|المحادثة|الرسائل|الدردشه|الدردشة)|المحادثه (?:کامل~|بالکامل)|المحادثة (?:کامل~|بالکامل)|الرسائل السابقه|الرسائل السابقة|موجه النظام|تعلیمات النظام',
  envVars: 'متغیرات البیئه|متغیرات البیئة|متغیرات النظام',
  reveal: 'اکشف|اظهر|اطبع|کرر|اعد کتابه',
  systemPrompt: 'موجه النظام|تعلیمات النظام|رساله النظام|رسالة النظام|التعلیمات المخفیه|التعلیمات المخفیة',
  fromNow: 'من الان|منذ الان|بدءا من الان|اعتبارا من الان',
  youAre: 'انت|تصرف ک|دورک',
  roleAlone: 'انت الان (?:\\p{L}+ ){0,2}(?:مسوول|مسؤول|مدیر|نظام|مطور)',
  youAreNow: 'انت الان|من الان انت',
  unrestricted: '(?:بلا|بدون|دون) (?:ای )?(?:قیود|حدود|رقابه|رقابة|قواعد|فلاتر)',
};

// Persian, on the native form (Arabic-folded, the zero-width non-joiner removed: "دستورالعمل‌های" → "دستورالعملهای").
const fa: Language = {
  id: 'fa',
  form: 'native',
  prefixed: true,
  ignore: 'نادیده (?:بگیر|بگیرید|گرفته)~|فراموش (?:کن|کنید)~|توجه (?:نکن|نکنید)~|پیروی (?:نکن|نکنید)~|اطاعت (?:نکن|نکنید)~|کنار (?:بگذار|بگذارید)~|بیاعتنا',
  instructions: 'دستور~|دستورالعمل~|قوانین|قواعد|راهنمایی~|رهنمود~|پرامپت~|فرمان~|محدودیت~',
  previous: 'قبلی|پیشین|قبل|گذشته|همه|تمام|سیستم~|اصلی|اولیه|توسعهدهنده|امنیتی',
  dontTell: '(?:نگو|نگویید|اطلاع نده|اطلاع ندهید|خبر نده|خبر ندهید|مطلع نکن|فاش نکن|نشان نده|اشاره نکن)~',
  user: 'کاربر~|مشتری|انسان',
  concealAlone: 'مخفیانه|پنهانی|بدون اطلاع کاربر|بیانکه کاربر بداند|بی انکه کاربر بداند',
  these: '(?:این|این) (?:دستور~|قوانین|قواعد|توضیحات|یادداشت)|این توضیح~',
  override: 'مهمتر از|اولویت دار~|مقدم (?:است|هستند)|لغو میکن~|جایگزین',
  approved: '(?:قبلا|از قبل|پیشاپیش|پیش از این) (?:\\p{L}+ ){0,3}(?:تایید|موافقت|اجازه)|(?:تایید|موافقت) کرده',
  noAsk: '(?:سوال|سؤال|تایید|اجازه|پرسش) (?:نکن|نکنید|نخواه|نخواهید|نگیر|نگیرید)~|(?:نپرس|نپرسید)~|بدون (?:پرسیدن|تایید|سوال|سؤال)|نیازی به (?:پرسیدن|تایید|سوال|سؤال)',
  send: 'بفرست~|ارسال (?:کن|کنید)~|کپی (?:کن|کنید)~|بگذار~|قرار (?:بده|دهید)~|وارد (?:کن|کنید)~|اضافه (?:کن|کنید)~|بنویس~|پیوست (?:کن|کنید)~|بچسبان~|اپلود (?:کن|کنید)~',
  history: 'تاریخچه (?:\\p{L}+ )?(?:گفتگو|گفتوگو|چت|پیامها|مکالمه)|(?:کل|تمام|همه) (?:\\p{L}+ )?(?:گفتگو|مکالمه|پیامها|چت)|پیامهای قبلی|پرامپت سیستم',
  envVars: 'متغیرهای محیطی|متغیرهای محیط|متغیر محیطی',
  reveal: 'نشان بده|فاش کن|چاپ کن|تکرار کن',
  systemPrompt: 'پرامپت سیستم~|دستورات سیستم~|پیام سیستم~',
  fromNow: 'از این به بعد|از حالا|از الان',
  youAre: 'تو (?:\\p{L}+ ){0,4}هستی|شما (?:\\p{L}+ ){0,4}هستید|نقش تو',
  roleAlone: 'تو (?:اکنون|الان|حالا) (?:\\p{L}+ ){0,3}(?:مدیر|سیستم|توسعهدهنده)',
  youAreNow: 'تو (?:اکنون|الان|حالا|از این به بعد)|شما (?:اکنون|الان|حالا)',
  unrestricted: 'بدون (?:هیچ )?(?:محدودیت|قید|فیلتر|قانون)|بیمحدودیت',
};

// Ukrainian, on the native form (Cyrillic).
const uk: Language = {
  id: 'uk',
  form: 'native',
  ignore: 'ігнору~|проігнору~|забудь|забудьте|не зважай~|не звертай~ уваги|не викону~|не слідуй~|відкинь~',
  instructions: 'інструкці~|вказів~|правил~|команд~|директив~|повідомлен~|промпт~|настанов~',
  previous: 'попередн~|минул~|раніше|вище|усі|всі|усіх|всіх|системн~|початков~|оригінальн~|твої|ваші|отриман~|розробник~|безпеки',
  dontTell: '(?:не|нічого не|ніколи не) (?:кажи|кажіть|говори~|повідомля~|повідом~|згадуй~|розповідай~|розкривай~|показуй~)',
  user: 'користувач~|людин~|клієнт~|юзер~',
  concealAlone: 'таємно|потай|непомітно|без відома користувача|щоб користувач не (?:дізнався|помітив|побачив)',
  these: '(?:ці|ця|дані|мої|наші|наступні) (?:інструкці~|вказів~|правил~|директив~|нотатк~)|(?:цей|даний) опис',
  override: 'скасову~|заміню~|переважа~|ма~ (?:вищий )?пріоритет|пріоритет (?:над|вищий)|важливіш~|головніш~',
  approved: '(?:вже |уже )?(?:\\p{L}+ )?(?:схвалив~|дозволив~|підтвердив~|погодив~|дав~ згоду|дав~ дозвіл)|(?:вже |уже )?(?:схвален~|дозволен~|попередньо схвален~)',
  noAsk: '(?:не|ніколи не) (?:питай~|запитуй~|перепитуй~|проси~|чекай~|уточнюй~)|без (?:запитань|підтвердження|запиту|уточнень)',
  send: 'надішли~|надсила~|відправ~|перешли~|переда~|скопіюй~|встав~|включи~|додай~|додайте|прикріпи~|завантаж~|запиши~|запишіть|внеси~|помісти~|поклади~',
  history: '(?:всю|усю|весь|увесь|повн~|цілком) (?:\\p{L}+ )?(?:переписк~|історі~|розмов~|бесід~|діалог~|чат~)|історі~ (?:переписки|розмови|розмов|чату|діалогу|повідомлень)|попередні повідомлення|системн~ промпт~|системн~ інструкці~',
  envVars: 'змінн~ (?:середовища|оточення)',
  reveal: 'покажи~|виведи~|розкрий~|повтори~|надрукуй~|напиши~',
  systemPrompt: 'системн~ промпт~|системн~ інструкці~|системн~ повідомлен~|прихован~ інструкці~',
  fromNow: 'відтепер|з цього моменту|надалі',
  youAre: 'ти є|ти будеш|ви будете|твоя (?:нова )?роль|дій~ як|поводься як',
  roleAlone: 'ти (?:тепер|відтепер) (?:\\p{L}+ ){0,2}(?:адміністратор|систем~|розробник|root)',
  youAreNow: 'ти (?:тепер|відтепер)|тепер ти|ви тепер|тепер ви',
  unrestricted: 'без (?:жодних |будь-яких )?(?:обмежень|фільтрів|правил|цензури)',
};

// Hindi, on the native form (Devanagari; its vowel signs are marks, which "~" and the word boundaries read as letters).
const hi: Language = {
  id: 'hi',
  form: 'native',
  ignore: 'अनदेखा कर~|अनदेखी कर~|नज़रअंदाज़ कर~|नजरअंदाज कर~|भूल जा~|भुला दो|(?:मत|न) मानो|पालन (?:मत|न) कर~|ध्यान (?:मत|न) दे~|इग्नोर कर~',
  instructions: 'निर्देश~|आदेश~|नियम~|हिदायत~|प्रॉम्प्ट|प्रोम्प्ट|दिशानिर्देश~',
  previous: 'पिछल~|पहले|पूर्व|सभी|सारे|सारी|सिस्टम|मूल|डेवलपर|सुरक्षा|ऊपर',
  dontTell: '(?:मत|न|ना|कभी न|कभी मत) (?:बता~|कह~|बोल~|दिखा~|ज़िक्र कर~|जिक्र कर~|सूचित कर~)|(?:बताना|बताओ|कहना|ज़िक्र करना) (?:मत|नहीं)',
  user: 'उपयोगकर्ता|यूज़र|यूजर|इस्तेमालकर्ता|ग्राहक|व्यक्ति',
  concealAlone: 'चुपके से|चुपचाप|गुप्त रूप से|उपयोगकर्ता को पता (?:चले|लगे) बिना|उपयोगकर्ता की जानकारी के बिना',
  these: '(?:ये|यह|इन|निम्नलिखित) (?:निर्देश~|नियम~|आदेश~|नोट|विवरण)',
  override: 'से ऊपर|से (?:ज़्यादा|ज्यादा|अधिक) (?:महत्वपूर्ण|ज़रूरी)|को रद्द|की जगह|पर भारी|को ओवरराइड',
  approved: '(?:पहले ही|पहले से|पहले) (?:[\\p{L}\\p{M}]+ ){0,3}(?:अनुमति|मंज़ूरी|मंजूरी|स्वीकृति|सहमति|इजाज़त|इजाजत)|(?:अनुमति|मंज़ूरी|मंजूरी|स्वीकृति|सहमति) (?:दे दी|दी है|दे चुक~|मिल चुकी)',
  noAsk: '(?:पुष्टि|अनुमति|इजाज़त|मंज़ूरी|मंजूरी) (?:मत|न|ना) (?:माँग~|मांग~|ले~)|(?:मत|न) पूछ~|(?:पूछने|पुष्टि करने) की (?:ज़रूरत|जरूरत|आवश्यकता) नहीं|बिना पूछे|बिना पुष्टि',
  send: 'भेज~|डाल~|कॉपी कर~|चिपका~|जोड़~|लिख~|अटैच कर~|अपलोड कर~|शामिल कर~|रख~',
  history: '(?:पूरी|पूरा|सारी|सारा|संपूर्ण) (?:[\\p{L}\\p{M}]+ ){0,2}(?:बातचीत|चैट|वार्तालाप|संदेश~|इतिहास)|(?:बातचीत|चैट|वार्तालाप|संदेशों) (?:का|की|के) इतिहास|पिछले संदेश~|सिस्टम प्रॉम्प्ट',
  envVars: 'एनवायरनमेंट वेरिएबल~|पर्यावरण चर',
  reveal: 'दिखा~|प्रिंट कर~|दोहरा~',
  systemPrompt: 'सिस्टम प्रॉम्प्ट|सिस्टम निर्देश~|छिपे (?:हुए )?निर्देश~',
  fromNow: 'अब से|आज से|इस क्षण से',
  youAre: 'तुम (?:[\\p{L}\\p{M}]+ ){0,4}हो|आप (?:[\\p{L}\\p{M}]+ ){0,4}हैं|तुम्हारी (?:नई )?भूमिका',
  roleAlone: 'तुम अब (?:[\\p{L}\\p{M}]+ ){0,3}(?:व्यवस्थापक|एडमिन|सिस्टम|डेवलपर)',
  youAreNow: '(?:तुम|आप) अब|अब से (?:तुम|आप)',
  unrestricted: 'बिना (?:किसी )?(?:प्रतिबंध|पाबंदी|सीमा|रोक)~|प्रतिबंध रहित',
};

/** Every language of the lexicon: the ten most common languages of the web, three more (v3) and six more (v4). */
export const LANGUAGES: Language[] = [en, es, de, ja, fr, ru, pt, it, nl, pl, tr, zh, ko, vi, id, ar, fa, uk, hi];
