import type { PageWordLanguage } from '../languages.ts';

/**
 * The words "Ask the guidebook" puts into its passages (docs/decisions/031 §3, §4), in the ten
 * languages the guest page has words in; English for every other language. `doorCode`,
 * `wifiPassword` and `pin` stand where a secret was (a lock-box marker, a code the host typed into
 * a step): never the value, always where the page shows it. `step` names a check-in step in a
 * passage's title. `keywords` are the words guests use for each section, searched beside the host's
 * text, so "WLAN" finds the Wi-Fi section of a German page whose host wrote "Wi-Fi".
 */
export type AskSection = 'address' | 'check-in' | 'welcome' | 'wifi' | 'rules' | 'good-to-know' | 'check-out' | 'places' | 'extras' | 'contact';

export interface AskWords {
  doorCode: string;
  wifiPassword: string;
  pin: string;
  step: string;
  keywords: Record<AskSection, string>;
}

const en: AskWords = {
  doorCode: 'the door code (see Door code & Wi-Fi)',
  wifiPassword: 'the Wi-Fi password (see Wi-Fi)',
  pin: 'the PIN (from your host)',
  step: 'step',
  keywords: {
    address: 'address, location, where, map, directions, find',
    'check-in': 'arrive, arrival, key, keys, door, lock, lockbox, entrance, check in, get in',
    welcome: 'welcome, host, hello',
    wifi: 'wifi, wi-fi, wlan, internet, password, network, connect',
    rules: 'rules, house rules, allowed, smoking, pets, party, quiet, noise',
    'good-to-know': 'info, information, tips, good to know, how, where',
    'check-out': 'check out, leave, leaving, departure, depart, times, when',
    places: 'places, recommendations, nearby, restaurant, shop, supermarket, bakery, beach, pharmacy',
    extras: 'extras, late check-out, early check-in, book, order, buy',
    contact: 'contact, call, phone, message, help, emergency, host',
  },
};

const de: AskWords = {
  doorCode: 'den Türcode (siehe Türcode & WLAN)',
  wifiPassword: 'das WLAN-Passwort (siehe WLAN)',
  pin: 'die PIN (von Ihrem Gastgeber)',
  step: 'Schritt',
  keywords: {
    address: 'adresse, lage, wo, karte, anfahrt, finden',
    'check-in': 'ankunft, anreise, schlüssel, tür, schloss, schlüsselbox, eingang, einchecken',
    welcome: 'willkommen, gastgeber, hallo',
    wifi: 'wlan, wifi, internet, passwort, netzwerk, verbinden',
    rules: 'regeln, hausordnung, erlaubt, rauchen, haustiere, party, ruhe, lärm',
    'good-to-know': 'info, informationen, tipps, gut zu wissen, wie, wo',
    'check-out': 'auschecken, abreise, abfahrt, verlassen, zeiten, wann',
    places: 'orte, empfehlungen, in der nähe, restaurant, geschäft, supermarkt, bäckerei, strand, apotheke',
    extras: 'extras, später auschecken, früher einchecken, buchen, bestellen, kaufen',
    contact: 'kontakt, anrufen, telefon, nachricht, hilfe, notfall, gastgeber',
  },
};

const fr: AskWords = {
  doorCode: "le code de la porte (voir Code d'accès & Wi-Fi)",
  wifiPassword: 'le mot de passe Wi-Fi (voir Wi-Fi)',
  pin: 'le code PIN (de votre hôte)',
  step: 'étape',
  keywords: {
    address: 'adresse, emplacement, où, carte, itinéraire, trouver',
    'check-in': 'arrivée, arriver, clé, clés, porte, serrure, boîte à clés, entrée',
    welcome: 'bienvenue, hôte, bonjour',
    wifi: 'wifi, wi-fi, internet, mot de passe, réseau, connexion',
    rules: 'règles, règlement, autorisé, fumer, animaux, fête, calme, bruit',
    'good-to-know': 'info, informations, conseils, bon à savoir, comment, où',
    'check-out': 'départ, partir, quitter, horaires, quand',
    places: 'lieux, recommandations, à proximité, restaurant, magasin, supermarché, boulangerie, plage, pharmacie',
    extras: 'extras, départ tardif, arrivée anticipée, réserver, commander, acheter',
    contact: 'contact, appeler, téléphone, message, aide, urgence, hôte',
  },
};

const es: AskWords = {
  doorCode: 'el código de la puerta (ver Código y Wi-Fi)',
  wifiPassword: 'la contraseña del Wi-Fi (ver Wi-Fi)',
  pin: 'el PIN (de su anfitrión)',
  step: 'paso',
  keywords: {
    address: 'dirección, ubicación, dónde, mapa, cómo llegar, encontrar',
    'check-in': 'llegada, llegar, llave, llaves, puerta, cerradura, caja de llaves, entrada',
    welcome: 'bienvenida, anfitrión, hola',
    wifi: 'wifi, wi-fi, internet, contraseña, red, conectar',
    rules: 'normas, reglas, permitido, fumar, mascotas, fiesta, silencio, ruido',
    'good-to-know': 'info, información, consejos, bueno saber, cómo, dónde',
    'check-out': 'salida, salir, irse, horarios, cuándo',
    places: 'lugares, recomendaciones, cerca, restaurante, tienda, supermercado, panadería, playa, farmacia',
    extras: 'extras, salida tardía, entrada anticipada, reservar, pedir, comprar',
    contact: 'contacto, llamar, teléfono, mensaje, ayuda, emergencia, anfitrión',
  },
};

const it: AskWords = {
  doorCode: 'il codice della porta (vedi Codice e Wi-Fi)',
  wifiPassword: 'la password del Wi-Fi (vedi Wi-Fi)',
  pin: 'il PIN (dal tuo host)',
  step: 'passo',
  keywords: {
    address: 'indirizzo, posizione, dove, mappa, indicazioni, trovare',
    'check-in': 'arrivo, arrivare, chiave, chiavi, porta, serratura, cassetta chiavi, ingresso',
    welcome: 'benvenuto, host, ciao',
    wifi: 'wifi, wi-fi, internet, password, rete, connettersi',
    rules: 'regole, regolamento, permesso, fumare, animali, festa, silenzio, rumore',
    'good-to-know': 'info, informazioni, consigli, buono a sapersi, come, dove',
    'check-out': 'partenza, partire, lasciare, orari, quando',
    places: 'luoghi, consigli, vicino, ristorante, negozio, supermercato, panetteria, spiaggia, farmacia',
    extras: 'extra, check-out posticipato, check-in anticipato, prenotare, ordinare, comprare',
    contact: 'contatto, chiamare, telefono, messaggio, aiuto, emergenza, host',
  },
};

const pt: AskWords = {
  doorCode: 'o código da porta (ver Código e Wi-Fi)',
  wifiPassword: 'a senha do Wi-Fi (ver Wi-Fi)',
  pin: 'o PIN (do seu anfitrião)',
  step: 'passo',
  keywords: {
    address: 'endereço, localização, onde, mapa, direções, encontrar',
    'check-in': 'chegada, chegar, chave, chaves, porta, fechadura, cofre de chaves, entrada',
    welcome: 'boas-vindas, anfitrião, olá',
    wifi: 'wifi, wi-fi, internet, senha, palavra-passe, rede, ligar',
    rules: 'regras, permitido, fumar, animais, festa, silêncio, barulho',
    'good-to-know': 'info, informações, dicas, bom saber, como, onde',
    'check-out': 'saída, sair, partida, horários, quando',
    places: 'lugares, recomendações, perto, restaurante, loja, supermercado, padaria, praia, farmácia',
    extras: 'extras, saída tardia, entrada antecipada, reservar, encomendar, comprar',
    contact: 'contacto, contato, ligar, telefone, mensagem, ajuda, emergência, anfitrião',
  },
};

const nl: AskWords = {
  doorCode: 'de deurcode (zie Deurcode & wifi)',
  wifiPassword: 'het wifi-wachtwoord (zie Wifi)',
  pin: 'de pincode (van uw host)',
  step: 'stap',
  keywords: {
    address: 'adres, locatie, waar, kaart, route, vinden',
    'check-in': 'aankomst, aankomen, sleutel, sleutels, deur, slot, sleutelkluis, ingang, inchecken',
    welcome: 'welkom, host, hallo',
    wifi: 'wifi, wlan, internet, wachtwoord, netwerk, verbinden',
    rules: 'regels, huisregels, toegestaan, roken, huisdieren, feest, stilte, lawaai',
    'good-to-know': 'info, informatie, tips, goed om te weten, hoe, waar',
    'check-out': 'uitchecken, vertrek, vertrekken, tijden, wanneer',
    places: 'plekken, aanraders, in de buurt, restaurant, winkel, supermarkt, bakker, strand, apotheek',
    extras: 'extra, later uitchecken, eerder inchecken, boeken, bestellen, kopen',
    contact: 'contact, bellen, telefoon, bericht, hulp, noodgeval, host',
  },
};

const hr: AskWords = {
  doorCode: 'kod vrata (vidi Kod i Wi-Fi)',
  wifiPassword: 'lozinku za Wi-Fi (vidi Wi-Fi)',
  pin: 'PIN (od domaćina)',
  step: 'korak',
  keywords: {
    address: 'adresa, lokacija, gdje, karta, upute, pronaći',
    'check-in': 'dolazak, doći, ključ, ključevi, vrata, brava, kutija za ključeve, ulaz',
    welcome: 'dobrodošli, domaćin, bok',
    wifi: 'wifi, wi-fi, internet, lozinka, mreža, spojiti',
    rules: 'pravila, kućni red, dopušteno, pušenje, ljubimci, zabava, tišina, buka',
    'good-to-know': 'info, informacije, savjeti, dobro je znati, kako, gdje',
    'check-out': 'odjava, odlazak, otići, vrijeme, kada',
    places: 'mjesta, preporuke, u blizini, restoran, trgovina, supermarket, pekara, plaža, ljekarna',
    extras: 'dodaci, kasna odjava, rana prijava, rezervirati, naručiti, kupiti',
    contact: 'kontakt, nazvati, telefon, poruka, pomoć, hitno, domaćin',
  },
};

const pl: AskWords = {
  doorCode: 'kod do drzwi (zob. Kod i Wi-Fi)',
  wifiPassword: 'hasło do Wi-Fi (zob. Wi-Fi)',
  pin: 'PIN (od gospodarza)',
  step: 'krok',
  keywords: {
    address: 'adres, lokalizacja, gdzie, mapa, dojazd, znaleźć',
    'check-in': 'przyjazd, przyjechać, klucz, klucze, drzwi, zamek, skrytka na klucze, wejście, zameldowanie',
    welcome: 'witamy, gospodarz, cześć',
    wifi: 'wifi, wi-fi, internet, hasło, sieć, połączyć',
    rules: 'zasady, regulamin, dozwolone, palenie, zwierzęta, impreza, cisza, hałas',
    'good-to-know': 'info, informacje, porady, warto wiedzieć, jak, gdzie',
    'check-out': 'wymeldowanie, wyjazd, wyjechać, godziny, kiedy',
    places: 'miejsca, polecane, w pobliżu, restauracja, sklep, supermarket, piekarnia, plaża, apteka',
    extras: 'dodatki, późne wymeldowanie, wczesne zameldowanie, zarezerwować, zamówić, kupić',
    contact: 'kontakt, zadzwonić, telefon, wiadomość, pomoc, nagły wypadek, gospodarz',
  },
};

const cs: AskWords = {
  doorCode: 'kód ke dveřím (viz Kód a Wi-Fi)',
  wifiPassword: 'heslo k Wi-Fi (viz Wi-Fi)',
  pin: 'PIN (od hostitele)',
  step: 'krok',
  keywords: {
    address: 'adresa, poloha, kde, mapa, cesta, najít',
    'check-in': 'příjezd, přijet, klíč, klíče, dveře, zámek, schránka na klíče, vchod, check-in',
    welcome: 'vítejte, hostitel, ahoj',
    wifi: 'wifi, wi-fi, internet, heslo, síť, připojit',
    rules: 'pravidla, domovní řád, povoleno, kouření, zvířata, večírek, klid, hluk',
    'good-to-know': 'info, informace, tipy, dobré vědět, jak, kde',
    'check-out': 'odjezd, odhlášení, odjet, časy, kdy',
    places: 'místa, doporučení, poblíž, restaurace, obchod, supermarket, pekárna, pláž, lékárna',
    extras: 'doplňky, pozdní odjezd, dřívější příjezd, rezervovat, objednat, koupit',
    contact: 'kontakt, zavolat, telefon, zpráva, pomoc, nouze, hostitel',
  },
};

/** `table`'s entry for `language`, English's for a language the page has no words in. */
export function inPageLanguage<T>(table: Readonly<Record<PageWordLanguage, T>>, language: string): T {
  return (table as Readonly<Record<string, T>>)[language] ?? table.en;
}

/** The words of `language`, English for a language the page has no words in. */
export function askWords(language: string): AskWords {
  return inPageLanguage({ en, de, fr, es, it, pt, nl, hr, pl, cs }, language);
}
