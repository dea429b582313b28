// Words that German mail builds its compounds from ("Jahres|abrechnung", "Strom|rechnung",
// "Flug|buchung"). The splitter also learns from the mailbox itself (a `Lexicon` of the words
// that stand alone there); this list makes it useful before any mail has arrived.
export const GERMAN_WORDS = `
abbuchung abo abrechnung absage adresse aktie aktion amt anfrage angebot anmeldung anruf
ansprechpartner antrag antwort anzahlung anzeige apotheke arbeit arzt auftrag ausflug ausgabe
auskunft ausweis auto bahn bahnhof bank beitrag beleg bericht beruf bescheid bestätigung
bestellung betrag betreff betrieb bewerbung bezahlung bild bitte brief buch buchung büro
bus café chef dank daten datei datum depot dienst dokument dorf einkauf einladung einnahme
eintrag eltern empfang ende energie entwurf ergebnis erinnerung essen fahrt fahrkarte fahrzeug
familie feier ferien fest film finanz firma flug flughafen form formular foto frage frist
garten gast gebühr geburtstag gehalt geld gericht geschäft gesellschaft gesundheit gewinn
gruppe gutschein gutschrift haft handy haus heft heizung hilfe hotel information insel
internet jahr kalender kapital karte kasse kauf kind kino kirche klasse konferenz konto
kontakt kosten kraft kredit kunde kündigung kurs land leistung lieferung liste lohn mahnung
markt meer miete mitglied mitteilung monat nachricht nachweis name netz neben newsletter
nummer ordner paket park partner pass passwort person plan platz police portal post preis
prämie produkt programm projekt protokoll prüfung quartal rabatt rat raum rechnung recht
reise rente restaurant rückerstattung rückfrage rückzahlung sache schaden schein schule
schutz see service sitzung sonder sparen spende sport stadt stand steuer stelle strand
strom stunde summe system tag tarif team telefon termin test ticket tour transfer treffen
umbau umzug unfall unterlagen unterkunft urlaub vertrag verein verkauf verlag versand
versicherung vertrieb verwaltung visum vorschlag vorstand wagen wasser website weg welt
werbung wert woche wohnung zahlung zeit zeitung zentrum zins zug zusage zahl zimmer
abschluss anlage beratung börse fonds gas hypothek inkasso kapitalanlage kassen kreditkarte
lastschrift mehrwert nebenkosten quittung saldo schulden sparkasse spar tagesgeld überweisung
umsatz vermögen versand zoll aktien fracht kreuzfahrt mietwagen pauschal pension ferienwohnung
küche bad dach fenster keller boden handwerker fliesen heizkosten
flugzeug hafen schiff städte strecke grenze koffer gepäck rundreise sommer winter frühling herbst
wartung reparatur installation montage lieferant händler hersteller garantie gewährleistung
reklamation rücksendung rückgabe umtausch kaution vermieter mieter eigentümer nachbar müll
abfall entsorgung schornstein kamin ofen sanitär elektro elektriker maler tischler schreiner
dachdecker klempner gärtner installateur kollege abteilung leitung mitarbeiter personal
krankmeldung bescheinigung zeugnis gespräch besprechung präsentation vortrag workshop schulung
seminar note semester studium universität hochschule schüler lehrer abend praxis klinik
krankenhaus rezept impfung behandlung untersuchung befund therapie pflege sendung zustellung
abholung artikel werkstatt reifen inspektion führerschein kennzeichen erklärung behörde
gemeinde bürger meldung hochzeit geburt taufe tür wand treppe balkon garage mobilfunk
router anschluss störung vorsorge versorgung heizöl solar wärme pumpe dusche toilette möbel
schrank sofa lampe licht schlüssel schloss alarm kamera sicherheit notfall polizei feuerwehr
anwalt notar erbe testament scheidung unterhalt kinder kita kindergarten hort training spiel
turnier mannschaft saison konzert theater museum ausstellung veranstaltung eintritt tisch
reservierung menü speise getränk lebensmittel supermarkt drogerie bäckerei metzgerei friseur
kosmetik mode kleidung schuh größe farbe modell marke coupon zahn
`;
