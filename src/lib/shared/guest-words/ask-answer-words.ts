import { inPageLanguage } from './ask-words.ts';

/**
 * The words of "Ask the guidebook"'s answers and errors (POST /api/guest/:token/ask,
 * docs/decisions/031 §6, §8, §9, §12), in the ten languages the guest page has words in; English
 * for every other language. `from` frames a passage ("From {title}: {text}"); `notWritten` is the
 * hand-over; `codeShown`, `wifiShown` and `pinShown` answer a question about a secret with the
 * place that shows it ({place}: a section's or a step's title), never with the secret;
 * `whenAllowed` follows them where the page shows the secret only to a stay in its window or
 * with the PIN. `tooMany` takes {wait} ("5 minutes", waitWords).
 */
export interface AskAnswerWords {
  from: string;
  notWritten: string;
  askHost: string;
  codeShown: string;
  wifiShown: string;
  pinShown: string;
  whenAllowed: string;
  questionEmpty: string;
  questionTooLong: string;
  tooMany: string;
}

const en: AskAnswerWords = {
  from: 'From {title}: {text}',
  notWritten: "Your host hasn't written about this yet.",
  askHost: 'Ask your host',
  codeShown: 'The door code is shown in {place}.',
  wifiShown: 'The Wi-Fi password is shown in {place}.',
  pinShown: 'Your host gives you the PIN; enter it in {place}.',
  whenAllowed: 'It appears there when your stay allows it.',
  questionEmpty: 'Please type a question.',
  questionTooLong: 'Please ask in at most {max} characters.',
  tooMany: 'You have asked a lot of questions. Try again in {wait}, or ask your host.',
};

const de: AskAnswerWords = {
  from: 'Aus {title}: {text}',
  notWritten: 'Dazu hat Ihr Gastgeber noch nichts geschrieben.',
  askHost: 'Gastgeber fragen',
  codeShown: 'Der Türcode steht unter {place}.',
  wifiShown: 'Das WLAN-Passwort steht unter {place}.',
  pinShown: 'Die PIN bekommen Sie von Ihrem Gastgeber; geben Sie sie unter {place} ein.',
  whenAllowed: 'Er erscheint dort, sobald Ihr Aufenthalt es erlaubt.',
  questionEmpty: 'Bitte geben Sie eine Frage ein.',
  questionTooLong: 'Bitte fragen Sie in höchstens {max} Zeichen.',
  tooMany: 'Sie haben sehr viele Fragen gestellt. Versuchen Sie es in {wait} wieder oder fragen Sie Ihren Gastgeber.',
};

const fr: AskAnswerWords = {
  from: 'Dans {title} : {text}',
  notWritten: "Votre hôte n'a encore rien écrit à ce sujet.",
  askHost: 'Demander à votre hôte',
  codeShown: 'Le code de la porte est indiqué dans {place}.',
  wifiShown: 'Le mot de passe Wi-Fi est indiqué dans {place}.',
  pinShown: 'Votre hôte vous donne le code PIN ; saisissez-le dans {place}.',
  whenAllowed: "Il s'y affiche dès que votre séjour le permet.",
  questionEmpty: 'Veuillez saisir une question.',
  questionTooLong: 'Veuillez poser votre question en {max} caractères au plus.',
  tooMany: 'Vous avez posé beaucoup de questions. Réessayez dans {wait} ou demandez à votre hôte.',
};

const es: AskAnswerWords = {
  from: 'En {title}: {text}',
  notWritten: 'Su anfitrión aún no ha escrito sobre esto.',
  askHost: 'Preguntar al anfitrión',
  codeShown: 'El código de la puerta aparece en {place}.',
  wifiShown: 'La contraseña del Wi-Fi aparece en {place}.',
  pinShown: 'Su anfitrión le da el PIN; introdúzcalo en {place}.',
  whenAllowed: 'Aparece allí cuando su estancia lo permite.',
  questionEmpty: 'Escriba una pregunta.',
  questionTooLong: 'Pregunte en {max} caracteres como máximo.',
  tooMany: 'Ha hecho muchas preguntas. Inténtelo de nuevo en {wait} o pregunte a su anfitrión.',
};

const it: AskAnswerWords = {
  from: 'Da {title}: {text}',
  notWritten: 'Il tuo host non ha ancora scritto nulla su questo.',
  askHost: 'Chiedi al tuo host',
  codeShown: 'Il codice della porta è indicato in {place}.',
  wifiShown: 'La password del Wi-Fi è indicata in {place}.',
  pinShown: 'Il PIN te lo dà il tuo host; inseriscilo in {place}.',
  whenAllowed: 'Compare lì quando il tuo soggiorno lo consente.',
  questionEmpty: 'Scrivi una domanda.',
  questionTooLong: 'Fai la domanda in al massimo {max} caratteri.',
  tooMany: 'Hai fatto molte domande. Riprova tra {wait} o chiedi al tuo host.',
};

const pt: AskAnswerWords = {
  from: 'Em {title}: {text}',
  notWritten: 'O seu anfitrião ainda não escreveu sobre isto.',
  askHost: 'Perguntar ao anfitrião',
  codeShown: 'O código da porta está em {place}.',
  wifiShown: 'A senha do Wi-Fi está em {place}.',
  pinShown: 'O anfitrião dá-lhe o PIN; introduza-o em {place}.',
  whenAllowed: 'Aparece lá quando a sua estadia o permitir.',
  questionEmpty: 'Escreva uma pergunta.',
  questionTooLong: 'Pergunte em no máximo {max} caracteres.',
  tooMany: 'Fez muitas perguntas. Tente novamente dentro de {wait} ou pergunte ao anfitrião.',
};

const nl: AskAnswerWords = {
  from: 'Uit {title}: {text}',
  notWritten: 'Uw host heeft hier nog niets over geschreven.',
  askHost: 'Vraag het uw host',
  codeShown: 'De deurcode staat bij {place}.',
  wifiShown: 'Het wifi-wachtwoord staat bij {place}.',
  pinShown: 'Uw host geeft u de pincode; vul die in bij {place}.',
  whenAllowed: 'Hij verschijnt daar zodra uw verblijf het toelaat.',
  questionEmpty: 'Typ een vraag.',
  questionTooLong: 'Stel uw vraag in hoogstens {max} tekens.',
  tooMany: 'U hebt veel vragen gesteld. Probeer het over {wait} opnieuw of vraag het uw host.',
};

const hr: AskAnswerWords = {
  from: 'Iz {title}: {text}',
  notWritten: 'Vaš domaćin o tome još nije pisao.',
  askHost: 'Pitajte domaćina',
  codeShown: 'Kod vrata prikazan je u {place}.',
  wifiShown: 'Lozinka za Wi-Fi prikazana je u {place}.',
  pinShown: 'PIN vam daje domaćin; unesite ga u {place}.',
  whenAllowed: 'Pojavit će se ondje kad vaš boravak to dopusti.',
  questionEmpty: 'Upišite pitanje.',
  questionTooLong: 'Pitajte u najviše {max} znakova.',
  tooMany: 'Postavili ste mnogo pitanja. Pokušajte ponovno za {wait} ili pitajte domaćina.',
};

const pl: AskAnswerWords = {
  from: 'Z {title}: {text}',
  notWritten: 'Gospodarz jeszcze o tym nie napisał.',
  askHost: 'Zapytaj gospodarza',
  codeShown: 'Kod do drzwi jest w {place}.',
  wifiShown: 'Hasło do Wi-Fi jest w {place}.',
  pinShown: 'PIN dostaniesz od gospodarza; wpisz go w {place}.',
  whenAllowed: 'Pojawi się tam, gdy pozwoli na to Twój pobyt.',
  questionEmpty: 'Wpisz pytanie.',
  questionTooLong: 'Zadaj pytanie w najwyżej {max} znakach.',
  tooMany: 'Zadano bardzo wiele pytań. Spróbuj ponownie za {wait} albo zapytaj gospodarza.',
};

const cs: AskAnswerWords = {
  from: 'Z {title}: {text}',
  notWritten: 'Váš hostitel o tom zatím nic nenapsal.',
  askHost: 'Zeptat se hostitele',
  codeShown: 'Kód ke dveřím je uveden v {place}.',
  wifiShown: 'Heslo k Wi-Fi je uvedeno v {place}.',
  pinShown: 'PIN vám dá hostitel; zadejte ho v {place}.',
  whenAllowed: 'Zobrazí se tam, jakmile to váš pobyt dovolí.',
  questionEmpty: 'Napište otázku.',
  questionTooLong: 'Zeptejte se nejvýše {max} znaky.',
  tooMany: 'Položili jste mnoho otázek. Zkuste to znovu za {wait}, nebo se zeptejte hostitele.',
};

/** The answer words of `language`, English for a language the page has no words in. */
export function askAnswerWords(language: string): AskAnswerWords {
  return inPageLanguage({ en, de, fr, es, it, pt, nl, hr, pl, cs }, language);
}

/** `template` with each `{name}` replaced by its value. */
export function fillAnswer(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
