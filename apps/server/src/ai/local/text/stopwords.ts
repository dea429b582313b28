// Function words that carry no topic. Kept short on purpose: a word like "konto" or "termin"
// is a stop word in no list here, because categories and questions are made of such words.
const GERMAN = `ab aber alle allem allen aller alles als also am an ander andere anderen anderer anderes
auch auf aus bei beim bin bis bist bitte da dabei dadurch dafür dagegen daher damit dann dar daran
darauf darf darum das dass daß dein deine deinem deinen deiner dem den denen denn der deren des
deshalb dessen die dies diese diesem diesen dieser dieses doch dort du durch eben ein eine einem
einen einer eines einig einige einigen einiger einmal er es etwa etwas euch euer eure für gab gibt
ging hab habe haben hat hatte hatten hätte hätten hier hin hinter ich ihm ihn ihnen ihr ihre ihrem
ihren ihrer ihres im immer in ins ist ja je jede jedem jeden jeder jedes jedoch jetzt kann kannst
kein keine keinem keinen keiner konnte könnte können man manche mehr mein meine meinem meinen
meiner mich mir mit muss musste müssen nach nachdem nein nicht nichts noch nun nur ob oder ohne
schon sehr sei sein seine seinem seinen seiner seit sich sie sind so soll sollen sollte sondern
sonst über um und uns unser unsere unter viel vom von vor wann war waren warum was weil welche
welchem welchen welcher welches wenn wer werde werden wie wieder will wir wird wo wollen wollte
worden wurde würde würden zu zum zur zwar zwischen hallo gruß grüße gruss gruesse liebe lieber
viele vielen dank danke mfg lg vg beste besten freundlichen herzliche herzlichen sehr geehrte
geehrter geehrten herr frau heute morgen mal gerade ganz gut`;

const ENGLISH = `a about above after again against all am an and any are as at be because been before
being below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how i if in into is it its itself
just me more most my myself no nor not now of off on once only or other our ours ourselves out over
own same she should so some such than that the their theirs them themselves then there these they
this those through to too under until up very was we were what when where which while who whom why
will with would you your yours yourself yourselves let also get got may might must shall us one
thanks thank hi hello dear regards best sincerely please cc re fw fwd`;

const toSet = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

export const STOP_WORDS = { de: toSet(GERMAN), en: toSet(ENGLISH) } as const;

/** A word that is a function word in either language: mail mixes both in headers and quotes. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.de.has(word) || STOP_WORDS.en.has(word);
}
