// Passwords of eight or more characters that top the published leak statistics (international
// and German-speaking, e.g. HPI's yearly list). Shorter ones already fail the length rule.
const list = `
12345678 123456789 1234567890 12345678910 123123123 11111111 111111111 00000000 000000000
87654321 987654321 0987654321 12341234 11223344 112233445566 123456123456 147258369 123qweasd
password password1 password12 password123 password! passw0rd p@ssw0rd p@ssword passwort passwort1
passwort123 passwort! kennwort kennwort1 geheim123 geheimnis qwertyuiop qwertzuiop qwerty123
qwertz123 qwerty12 qwertz12 asdfghjkl asdfasdf asdf1234 yxcvbnm1 1qaz2wsx 1q2w3e4r 1q2w3e4r5t
q1w2e3r4 q1w2e3r4t5 zaq12wsx abcd1234 abc12345 abcdefgh iloveyou iloveyou1 ichliebedich
sunshine princess football fussball fußball baseball basketball superman batman123 starwars
letmein1 welcome1 welcome123 willkommen willkommen1 hallo123 hallo1234 hallohallo schatz123
schatzi1 sommer123 winter123 frühling herbst123 deutschland deutschland1 berlin123 hamburg1
muenchen münchen1 bayern123 borussia schalke04 dortmund09 werder1899 eintracht
fcbayern1 mercedes1 porsche911 ferrari1 volkswagen michael1 michaela thomas123 andreas1
christian daniel123 stefan123 sabine123 nicole123 sandra123 jennifer1 jessica1 charlie1
master123 admin123 administrator changeme changeme1 computer computer1 internet internet1
trustno1 dragon123 monkey123 shadow123 mustang1 michelle jordan23 liverpool chelsea1 arsenal1
123abc123 asdf123456 zxcvbnm1 zxcvbnm123 qazwsxedc qazwsx123 1234qwer 1234abcd aa123456
a1234567 a12345678 abc123456 test1234 test12345 testtest testing123 login123 letmein123
secret123 freedom1 whatever1 football1 baseball1 superman1 pokemon1 minecraft1 naruto123
1q2w3e4r5t6y 1qazxsw2 zaq1zaq1 password1234 passwort1234 hallo12345 schalke1904 sonnenschein
blumen123 mausi123 hasenbraten schneewittchen gummibär gummibaer
`;

export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));
