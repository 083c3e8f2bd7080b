import { createHash } from "node:crypto";
import { foldName } from "../membership/fold-name.ts";
import { NICKNAME_GROUPS } from "../membership/nicknames.ts";

/**
 * The membership register of the demo church, Grace Harbor: people as a church office keeps them, for the
 * membership matching feature (docs/decisions/0012). Pure and deterministic: a seeded PRNG, no clock, no
 * Math.random, so every run (the seed, the search-quality benchmark, the end-to-end tests) sees the same
 * records with the same ids.
 *
 * What makes it realistic for a search: households (couples, parents and children, people living alone)
 * sharing a surname, a campus and often a family email or home phone; names from the congregations'
 * backgrounds with their accents (José Núñez, Zoë Müller, Łukasz Wójcik, Nguyễn Thị Hoa); people entered
 * under a nickname (Bill, Liz, Paco); near-duplicates (the same person entered twice, with a nickname, a
 * misspelt surname or a missing birth date); different people with the same common name. Contacts use
 * reserved domains (example.com/.org/.net) and fictional numbers (NANP 555 exchanges, Ofcom's drama ranges).
 */

export interface MembershipRegisterRecord {
  id: string;
  givenName: string;
  familyName: string;
  birthDate: string | null;
  email: string | null;
  phone: string | null;
  householdId: string;
  campusId: string;
}

export interface MembershipRegister {
  records: MembershipRegisterRecord[];
  /** Pairs of records that are the same person entered twice: [original id, duplicate id]. */
  duplicates: [string, string][];
}

/** The calendar demo's campuses (lib/demo/build-demo-data.ts); the seed drops a campus the database lacks. */
export const REGISTER_CAMPUS_IDS = ["cmp_harbor_point", "cmp_lakeshore", "cmp_desert_springs", "cmp_london_bridge"] as const;
type CampusId = (typeof REGISTER_CAMPUS_IDS)[number];

export const DEFAULT_REGISTER_SIZE = 2400;
/** Birth dates and ages are computed against this year, not the clock, so the register never changes. */
const REFERENCE_YEAR = 2026;

type Rng = () => number;

/** mulberry32, as the calendar demo uses: small, fast and reproducible. */
function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;
const intBetween = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

interface Origin {
  female: readonly string[];
  male: readonly string[];
  surnames: readonly string[];
  /** Hispanic registers often keep both surnames. */
  doubleSurname?: number;
}

const ORIGINS = {
  english: {
    female: ["Elizabeth", "Margaret", "Katherine", "Catherine", "Susan", "Rebecca", "Jennifer", "Deborah", "Victoria", "Patricia", "Dorothy", "Barbara", "Abigail", "Emily", "Hannah", "Sarah", "Rachel", "Laura", "Amanda", "Jessica", "Megan", "Olivia", "Grace", "Charlotte", "Lucy", "Alice", "Ruth", "Joanna", "Christine", "Pamela", "Kimberly", "Cynthia", "Melissa", "Virginia", "Samantha", "Alexandra", "Josephine", "Frances", "Isabel", "Eleanor", "Harriet", "Imogen", "Beatrice", "Florence", "Evelyn", "Naomi", "Esther", "Miriam", "Lydia", "Hazel", "Penelope", "Rosalind", "Audrey", "Vivian", "Heather", "Natalie", "Claire", "Fiona", "Jocelyn"],
    male: ["William", "Robert", "Richard", "James", "John", "Jonathan", "Christopher", "Michael", "Thomas", "Anthony", "Joseph", "Daniel", "David", "Edward", "Alexander", "Benjamin", "Samuel", "Matthew", "Nicholas", "Patrick", "Steven", "Timothy", "Gregory", "Lawrence", "Charles", "Henry", "Harold", "Andrew", "Nathaniel", "Zachary", "Kenneth", "Ronald", "Donald", "Raymond", "Theodore", "Peter", "Philip", "Jacob", "Joshua", "Frederick", "Albert", "George", "Oliver", "Simon", "Francis", "Arthur", "Bernard", "Clifford", "Desmond", "Elliot", "Gordon", "Howard", "Isaac", "Julian", "Leonard", "Malcolm", "Nigel", "Oscar", "Rupert", "Stanley", "Vincent", "Walter", "Graham", "Russell", "Warren"],
    surnames: ["Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Taylor", "Anderson", "Thomas", "Moore", "Martin", "Thompson", "White", "Harris", "Clark", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Carter", "Mitchell", "Turner", "Parker", "Collins", "Edwards", "Stewart", "Morris", "Murphy", "Cook", "Rogers", "Morgan", "Cooper", "Peterson", "Reed", "Bailey", "Bell", "Kelly", "Howard", "Ward", "Cox", "Richardson", "Wood", "Watson", "Brooks", "Bennett", "Gray", "Hughes", "Price", "Sanders", "Foster", "Fletcher", "Whitaker", "Pemberton", "Ashworth", "Barnes", "Blackwood", "Bradley", "Burke", "Caldwell", "Carlisle", "Chambers", "Chandler", "Coleman", "Crawford", "Cunningham", "Dalton", "Dawson", "Ellison", "Farrow", "Fairbanks", "Gardner", "Garrison", "Gibbs", "Goodwin", "Greenwood", "Hadley", "Halloway", "Hargrove", "Hartley", "Hawkins", "Hayward", "Holland", "Hollis", "Hopkins", "Hutchinson", "Jennings", "Kendall", "Kingsley", "Lambert", "Langley", "Lawson", "Lockwood", "Lowell", "Marsh", "Mayfield", "Merriweather", "Montgomery", "Norwood", "Oakley", "Palmer", "Pennington", "Prescott", "Radcliffe", "Ramsey", "Redford", "Rowland", "Sheffield", "Shelby", "Sinclair", "Spencer", "Stafford", "Sterling", "Sutton", "Thornton", "Townsend", "Underwood", "Wakefield", "Warrington", "Webster", "Wentworth", "Whitfield", "Winslow", "Woodward", "Yardley", "Abernathy", "Beckett", "Carrington", "Dunmore", "Eastwood", "Fenwick", "Grantham", "Harrington", "Ingram", "Kirkland", "Lancaster", "Maxwell", "Newcombe", "Ormsby", "Pickering", "Quigley", "Rutherford", "Saunders", "Tillman", "Vaughan", "Wainwright"],
  },
  irish: {
    female: ["Siobhán", "Aoife", "Niamh", "Róisín", "Caoimhe", "Máire", "Bríd", "Orla", "Sinéad", "Clodagh"],
    male: ["Seán", "Pádraig", "Ciarán", "Éamon", "Liam", "Declan", "Cormac", "Niall", "Donal", "Fionn"],
    surnames: ["O'Brien", "O'Connor", "Ó Súilleabháin", "MacCarthy", "O'Sullivan", "Byrne", "Ryan", "Ó Briain", "Gallagher", "Doherty", "Kennedy", "Lynch", "McLaughlin", "Quinn", "Brennan", "Callaghan", "Donnelly", "Fitzgerald", "Hennessy", "Keane", "MacNamara", "Ó Ceallaigh", "Ó Néill", "Sheehan"],
  },
  hispanic: {
    female: ["María", "Sofía", "Lucía", "Inés", "Ana", "Guadalupe", "Dolores", "Verónica", "Mónica", "Gabriela", "Daniela", "Valentina", "Isabel", "Rocío", "Marisol", "Beatriz", "Ángela", "Josefina", "Elena", "Raquel"],
    male: ["José", "Jesús", "Francisco", "Juan", "Luis", "Carlos", "Jorge", "Manuel", "Ignacio", "Alejandro", "Eduardo", "Guillermo", "Ramón", "Andrés", "Sebastián", "Joaquín", "Rubén", "Óscar", "Héctor", "Martín", "Tomás"],
    surnames: ["García", "Rodríguez", "Martínez", "Hernández", "López", "González", "Pérez", "Sánchez", "Ramírez", "Torres", "Flores", "Rivera", "Gómez", "Díaz", "Núñez", "Peña", "Ibáñez", "Álvarez", "Jiménez", "Muñoz", "Ortega", "Castañeda", "Ordóñez", "Benítez", "Vázquez", "Morales", "Cruz", "Reyes", "Aguilar", "Cabrera", "Cervantes", "Delgado", "Domínguez", "Escobar", "Espinoza", "Fuentes", "Guerrero", "Gutiérrez", "Herrera", "Ibarra", "Lozano", "Maldonado", "Marín", "Medina", "Méndez", "Navarro", "Ochoa", "Pacheco", "Quiñones", "Rosales", "Salazar", "Sandoval", "Suárez", "Valdés", "Velázquez", "Zamora", "Zúñiga"],
    doubleSurname: 0.3,
  },
  german: {
    female: ["Anke", "Käthe", "Gisela", "Ursula", "Heike", "Sabine", "Brigitte", "Renate", "Lena", "Greta", "Zoë", "Marlene", "Jördis", "Annelie", "Dörte", "Frauke", "Hannelore", "Ilse", "Jutta", "Karin", "Lieselotte", "Monika", "Silke", "Tanja", "Wiebke"],
    male: ["Jürgen", "Günter", "Klaus", "Dieter", "Wolfgang", "Friedrich", "Johannes", "Matthias", "Stefan", "Uwe", "Lukas", "Jörg", "Björn", "Bernd", "Detlef", "Ekkehard", "Florian", "Hartmut", "Horst", "Jens", "Kai", "Rüdiger", "Sönke", "Torsten", "Volker"],
    surnames: ["Müller", "Schröder", "Krüger", "Weiß", "Böhm", "Fischer", "Schäfer", "Wagner", "Becker", "Hoffmann", "Köhler", "Günther", "Schmitz", "Vogel", "Jäger", "Bäcker", "Schwarz", "Zimmermann", "Braun", "Krause", "Hartmann", "Lange", "Werner", "Lehmann", "Köster", "Möller", "Hübner", "Würth", "Dreßler", "Pfeiffer", "Seidel", "Brandt", "Sommer", "Haas", "Kühn", "Engel"],
  },
  french: {
    female: ["Zoë", "Chloé", "Hélène", "Renée", "Noémie", "Élodie", "Céline", "Béatrice", "Geneviève", "Anaïs", "Françoise", "Mathilde"],
    male: ["François", "Noël", "René", "Jérôme", "Théo", "Benoît", "Étienne", "Frédéric", "Gaël", "Loïc", "Jean-Luc", "Jean-Pierre"],
    surnames: ["Lefèvre", "Dubois", "Moreau", "Girard", "Bérenger", "Lemaître", "Fontaine", "Rousseau", "Chevalier", "Brontë", "Delacroix", "Gauthier", "Beaulieu", "Carré", "Durand", "Leroy", "Mercier", "Perrin", "Rémy", "Vasseur", "Bélanger", "Côté"],
  },
  nordic: {
    female: ["Åsa", "Ingrid", "Sørine", "Astrid", "Liv", "Sigrid", "Maja", "Kirsten"],
    male: ["Søren", "Bjørn", "Lars", "Anders", "Håkon", "Jørgen", "Erik", "Magnus"],
    surnames: ["Sørensen", "Østergaard", "Løvaas", "Johansson", "Andersson", "Nygård", "Hjørth", "Lindqvist", "Åberg", "Bergström", "Dahl", "Ekström", "Fjeld", "Haugen", "Kjær", "Mæhle", "Nørgaard", "Sjöberg", "Strøm", "Øvrebø"],
  },
  polish: {
    female: ["Małgorzata", "Agnieszka", "Katarzyna", "Zofia", "Joanna", "Beata", "Dorota", "Anna", "Ewa", "Grażyna", "Halina", "Jadwiga", "Krystyna", "Magdalena", "Urszula", "Wiesława"],
    male: ["Łukasz", "Paweł", "Wojciech", "Krzysztof", "Tomasz", "Piotr", "Grzegorz", "Aleksander", "Michał", "Andrzej", "Bartłomiej", "Jarosław", "Marek", "Mirosław", "Stanisław", "Tadeusz", "Zbigniew"],
    surnames: ["Wójcik", "Kowalski", "Nowak", "Wiśniewski", "Dąbrowski", "Zieliński", "Kamiński", "Lewandowski", "Szymański", "Woźniak", "Kołodziej", "Kozłowski", "Jankowski", "Mazur", "Wojciechowski", "Kwiatkowski", "Krawczyk", "Kaczmarek", "Piotrowski", "Grabowski", "Pawłowski", "Michalski", "Król", "Wieczorek", "Jabłoński", "Nowicki", "Majewski"],
  },
  czech: {
    female: ["Markéta", "Lucie", "Zuzana", "Věra", "Kateřina", "Hana", "Jitka", "Radka"],
    male: ["Jiří", "Tomáš", "Václav", "Ondřej", "Miloš", "Radek", "Zdeněk", "Lubomír"],
    surnames: ["Dvořák", "Novák", "Černý", "Procházka", "Kučera", "Svoboda", "Veselý", "Horák", "Němec", "Pokorný", "Růžička", "Křížová"],
  },
  vietnamese: {
    female: ["Hoa", "Lan", "Linh", "Mai", "Thảo", "Hương", "Ngọc", "Trang", "Phương", "Thúy", "Yến", "Hạnh"],
    male: ["Minh", "Tuấn", "Dũng", "Hùng", "Quang", "Phúc", "Khoa", "Đức", "Thắng", "Huy", "Long", "Bảo"],
    surnames: ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Võ", "Đặng", "Bùi", "Huỳnh", "Phan", "Vũ", "Đỗ", "Ngô", "Dương", "Lý", "Trương"],
  },
  italian: {
    female: ["Giulia", "Francesca", "Chiara", "Alessandra", "Lucia"],
    male: ["Giuseppe", "Marco", "Niccolò", "Luca", "Giovanni"],
    surnames: ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "De Luca", "Bàrbaro", "Bruno", "Conti", "Costa", "Fontana", "Gallo", "Greco", "Mancini", "Marino", "Moretti", "Ricci", "Rinaldi", "Vitale"],
  },
  african: {
    female: ["Chidinma", "Adaeze", "Ngozi", "Amara", "Folake", "Abena", "Wanjiru", "Adwoa", "Chiamaka", "Efua", "Ifeoma", "Nkechi", "Temitope", "Yetunde", "Zanele"],
    male: ["Chukwuemeka", "Oluwaseun", "Kwame", "Babajide", "Tendai", "Kofi", "Adewale", "Chinedu", "Emeka", "Femi", "Ikenna", "Kwabena", "Obinna", "Sipho"],
    surnames: ["Okafor", "Adeyemi", "Mensah", "Okonkwo", "Nwosu", "Boateng", "Mwangi", "Adebayo", "Afolabi", "Asante", "Chukwu", "Eze", "Kamau", "Ndlovu", "Obi", "Ogunleye", "Owusu", "Oyelaran", "Achieng", "Banda", "Diallo", "Mbeki", "Nkemelu", "Onyango"],
  },
  turkish: {
    female: ["Şule", "Ayşe", "Gülşen", "Özlem", "Çiğdem", "Büşra", "Gökçe", "Şebnem"],
    male: ["Çağrı", "Oğuz", "Şükrü", "Ümit", "Gökhan", "Barış", "Doğan", "İsmail"],
    surnames: ["Yılmaz", "Öztürk", "Çelik", "Şahin", "Güneş", "Aydın", "Kılıç", "Doğan", "Koç", "Erdoğan", "Özkan", "Çınar"],
  },
} satisfies Record<string, Origin>;
type OriginName = keyof typeof ORIGINS;

/** Who lives near each campus: weights of the register's backgrounds. */
const CAMPUS_ORIGINS: Record<CampusId, [OriginName, number][]> = {
  cmp_harbor_point: [["english", 50], ["irish", 8], ["hispanic", 12], ["african", 8], ["italian", 6], ["german", 4], ["polish", 4], ["vietnamese", 4], ["french", 4]],
  cmp_lakeshore: [["english", 38], ["polish", 14], ["german", 10], ["hispanic", 12], ["vietnamese", 6], ["irish", 6], ["czech", 5], ["nordic", 5], ["african", 4]],
  cmp_desert_springs: [["hispanic", 48], ["english", 34], ["vietnamese", 6], ["german", 4], ["african", 4], ["turkish", 4]],
  cmp_london_bridge: [["english", 40], ["irish", 10], ["french", 10], ["african", 12], ["polish", 8], ["italian", 6], ["turkish", 6], ["nordic", 4], ["czech", 4]],
};
const CAMPUS_WEIGHTS: [CampusId, number][] = [["cmp_harbor_point", 35], ["cmp_lakeshore", 25], ["cmp_desert_springs", 22], ["cmp_london_bridge", 18]];

/** NANP area codes of each US campus's metro (with the fictional 555 exchange); London uses Ofcom's drama ranges. */
const AREA_CODES: Record<Exclude<CampusId, "cmp_london_bridge">, readonly string[]> = {
  cmp_harbor_point: ["410", "443", "667"],
  cmp_lakeshore: ["312", "773", "872"],
  cmp_desert_springs: ["602", "480", "623"],
};
const EMAIL_DOMAINS = ["example.com", "example.org", "example.net"] as const;

function weighted<T>(rng: Rng, entries: readonly [T, number][]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries.at(-1)![0];
}

/** Nicknames a register might hold instead of the formal name: the group's other names, the formal one aside. */
const NICKNAMES_OF: ReadonlyMap<string, readonly string[]> = new Map(NICKNAME_GROUPS.map((group) => [group[0]!, group.slice(1)]));

function capitalise(folded: string): string {
  return folded.replace(/(^|[\s-])([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** Email local parts are ASCII: accents dropped, spaces and apostrophes gone. */
const asciiWord = (name: string) => foldName(name).replace(/\s+/g, "");

class RegisterBuilder {
  private readonly records: MembershipRegisterRecord[] = [];
  readonly duplicates: [string, string][] = [];
  private readonly phoneCounters = new Map<string, number>();
  private readonly usedEmails = new Set<string>();

  constructor(private readonly rng: Rng) {}

  get size(): number {
    return this.records.length;
  }

  list(): MembershipRegisterRecord[] {
    return this.records;
  }

  private nextId(): string {
    return `mbr_${createHash("sha256").update(`grace-harbor-register:${this.records.length}`).digest("hex").slice(0, 16)}`;
  }

  add(record: Omit<MembershipRegisterRecord, "id">): MembershipRegisterRecord {
    const full = { id: this.nextId(), ...record };
    this.records.push(full);
    return full;
  }

  /** A fictional number near the campus, unique in the register unless a household shares it. */
  phone(campus: CampusId): string {
    if (campus === "cmp_london_bridge") {
      // 020 7946 0000-0999, Ofcom's range for drama (its mobile drama range, 07700 900xxx, is not a valid
      // number to libphonenumber, which checks every number a code is texted to).
      const next = (this.phoneCounters.get("uk") ?? 0) + 1;
      this.phoneCounters.set("uk", next);
      return `+442079460${String((next * 379) % 1000).padStart(3, "0")}`;
    }
    const area = pick(this.rng, AREA_CODES[campus]);
    const next = (this.phoneCounters.get(area) ?? 0) + 1;
    this.phoneCounters.set(area, next);
    return `+1${area}555${String((next * 7919) % 10000).padStart(4, "0")}`;
  }

  email(parts: string[]): string {
    const base = parts.map(asciiWord).filter(Boolean).join(pick(this.rng, [".", "", "_"]));
    const domain = pick(this.rng, EMAIL_DOMAINS);
    let candidate = `${base}@${domain}`;
    for (let n = 2; this.usedEmails.has(candidate); n += 1) candidate = `${base}${n}@${domain}`;
    this.usedEmails.add(candidate);
    return candidate;
  }
}

/** Someone `age` years old on 1 January of the reference year. */
function birthDate(rng: Rng, age: number): string {
  const year = REFERENCE_YEAR - 1 - age;
  const month = intBetween(rng, 1, 12);
  const day = intBetween(rng, 1, 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function givenName(rng: Rng, origin: Origin, female: boolean, nicknameChance: number, taken: ReadonlySet<string>): string {
  const pool = female ? origin.female : origin.male;
  // No two people of one household share a given name (nor its nicknames: a Bill beside a William).
  const free = pool.filter((name) => !taken.has(foldName(name)));
  const formal = pick(rng, free.length > 0 ? free : pool);
  const nicknames = NICKNAMES_OF.get(foldName(formal));
  if (nicknames && chance(rng, nicknameChance)) return capitalise(pick(rng, nicknames));
  return formal;
}

/** A one-letter slip a clerk makes: a doubled or dropped letter, or two letters swapped. */
function misspell(rng: Rng, name: string): string {
  const letters = [...name];
  if (letters.length < 4) return `${name}${name.at(-1)}`;
  const at = intBetween(rng, 1, letters.length - 2);
  switch (intBetween(rng, 0, 2)) {
    case 0:
      letters.splice(at, 0, letters[at]!);
      break;
    case 1:
      letters.splice(at, 1);
      break;
    default:
      [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
  }
  return letters.join("");
}

function addHousehold(builder: RegisterBuilder, rng: Rng, index: number): void {
  const campus = weighted(rng, CAMPUS_WEIGHTS);
  const origin: Origin = ORIGINS[weighted(rng, CAMPUS_ORIGINS[campus])];
  const householdId = `hh_${String(index + 1).padStart(5, "0")}`;
  let familyName = pick(rng, origin.surnames);
  if (origin.doubleSurname && chance(rng, origin.doubleSurname)) {
    const second = pick(rng, origin.surnames);
    if (second !== familyName) familyName = `${familyName} ${second}`;
  }

  const shape = weighted(rng, [
    ["single", 30],
    ["couple", 22],
    ["family", 36],
    ["single-parent", 12],
  ] as const);
  const adults = shape === "couple" || shape === "family" ? 2 : 1;
  const children = shape === "family" || shape === "single-parent" ? intBetween(rng, 1, 4) : 0;
  const eldest = shape === "single" ? intBetween(rng, 19, 92) : intBetween(rng, 26, 78);

  // Shared contacts: a family inbox that every record of the household carries, and a home phone.
  const familyEmail = adults + children > 1 && chance(rng, 0.3) ? builder.email([pick(rng, ["the", "team", ""]), familyName, pick(rng, ["family", "home", "s"])]) : null;
  const homePhone = adults + children > 1 && chance(rng, 0.25) ? builder.phone(campus) : null;

  const people: { given: string; age: number; adult: boolean }[] = [];
  const taken = new Set<string>();
  const addPerson = (female: boolean, nicknameChance: number, age: number, adult: boolean) => {
    const given = givenName(rng, origin, female, nicknameChance, taken);
    for (const name of [foldName(given), ...(NICKNAME_GROUPS.find((group) => group.includes(foldName(given))) ?? [])]) taken.add(name);
    people.push({ given, age, adult });
  };
  const firstFemale = chance(rng, 0.5);
  for (let n = 0; n < adults; n += 1) {
    addPerson(n === 0 ? firstFemale : !firstFemale, 0.15, n === 0 ? eldest : Math.max(20, eldest + intBetween(rng, -6, 6)), true);
  }
  for (let n = 0; n < children; n += 1) {
    addPerson(chance(rng, 0.5), 0.1, Math.max(0, Math.min(Math.min(eldest, 60) - 20, intBetween(rng, 0, 24))), false);
  }

  for (const person of people) {
    const canContact = person.adult || person.age >= 13;
    let email: string | null = null;
    let phone: string | null = null;
    if (canContact && chance(rng, person.adult ? 0.75 : 0.3)) email = builder.email([person.given, familyName]);
    else if (familyEmail) email = familyEmail;
    if (canContact && chance(rng, person.adult ? 0.6 : 0.35)) phone = builder.phone(campus);
    else if (homePhone) phone = homePhone;
    const record = builder.add({
      givenName: person.given,
      familyName,
      birthDate: chance(rng, 0.92) ? birthDate(rng, person.age) : null,
      email,
      phone,
      householdId,
      campusId: campus,
    });

    // The same person entered twice (a second visit card, a move between campuses): 3% of adults.
    if (person.adult && chance(rng, 0.03)) {
      const nicknames = NICKNAMES_OF.get(foldName(record.givenName));
      const variant = intBetween(rng, 0, 2);
      const duplicate = builder.add({
        givenName: variant === 0 && nicknames ? capitalise(pick(rng, nicknames)) : record.givenName,
        familyName: variant === 1 ? misspell(rng, record.familyName) : record.familyName,
        birthDate: variant === 2 ? null : record.birthDate,
        email: record.email,
        phone: chance(rng, 0.5) ? record.phone : null,
        householdId: `${householdId}-dup`,
        campusId: chance(rng, 0.7) ? campus : weighted(rng, CAMPUS_WEIGHTS),
      });
      builder.duplicates.push([record.id, duplicate.id]);
    }
  }
}

/**
 * Records for the demo accounts (lib/demo/seed-identity.ts), so a demo can claim one: Mary Member's own,
 * carrying her address, and the Guardian household sharing the family's inbox.
 */
function addDemoAccountRecords(builder: RegisterBuilder): void {
  builder.add({ givenName: "Mary", familyName: "Member", birthDate: "1984-05-17", email: "member@example.org", phone: null, householdId: "hh_demo_member", campusId: "cmp_harbor_point" });
  builder.add({ givenName: "Gina", familyName: "Guardian", birthDate: "1981-02-08", email: "guardian@example.org", phone: null, householdId: "hh_demo_guardian", campusId: "cmp_lakeshore" });
  builder.add({ givenName: "Theo", familyName: "Guardian", birthDate: "2011-04-12", email: "guardian@example.org", phone: null, householdId: "hh_demo_guardian", campusId: "cmp_lakeshore" });
  builder.add({ givenName: "Chloe", familyName: "Guardian", birthDate: "2018-09-03", email: "guardian@example.org", phone: null, householdId: "hh_demo_guardian", campusId: "cmp_lakeshore" });
}

/** A few households the demo walks through: the names the feature is about, always present. */
function addShowcaseHouseholds(builder: RegisterBuilder): void {
  const mullers = builder.email(["muller", "family"]);
  builder.add({ givenName: "Jürgen", familyName: "Müller", birthDate: "1958-03-14", email: mullers, phone: builder.phone("cmp_lakeshore"), householdId: "hh_showcase_1", campusId: "cmp_lakeshore" });
  builder.add({ givenName: "Zoë", familyName: "Müller", birthDate: "1961-07-02", email: mullers, phone: null, householdId: "hh_showcase_1", campusId: "cmp_lakeshore" });
  const nunezPhone = builder.phone("cmp_desert_springs");
  builder.add({ givenName: "José", familyName: "Núñez", birthDate: "1975-11-23", email: builder.email(["jose", "nunez"]), phone: nunezPhone, householdId: "hh_showcase_2", campusId: "cmp_desert_springs" });
  builder.add({ givenName: "María", familyName: "Núñez", birthDate: "1977-01-30", email: null, phone: nunezPhone, householdId: "hh_showcase_2", campusId: "cmp_desert_springs" });
  builder.add({ givenName: "Hoa", familyName: "Nguyễn", birthDate: "1969-05-05", email: builder.email(["hoa", "nguyen"]), phone: null, householdId: "hh_showcase_3", campusId: "cmp_harbor_point" });
  builder.add({ givenName: "Łukasz", familyName: "Wójcik", birthDate: "1990-09-17", email: null, phone: builder.phone("cmp_london_bridge"), householdId: "hh_showcase_4", campusId: "cmp_london_bridge" });
  const turners = builder.email(["the", "turners"]);
  builder.add({ givenName: "Bill", familyName: "Turner", birthDate: "1949-02-11", email: turners, phone: null, householdId: "hh_showcase_5", campusId: "cmp_harbor_point" });
  builder.add({ givenName: "Elizabeth", familyName: "Turner", birthDate: "1952-06-19", email: turners, phone: null, householdId: "hh_showcase_5", campusId: "cmp_harbor_point" });
}

export function buildMembershipRegister(options: { size?: number } = {}): MembershipRegister {
  const size = options.size ?? DEFAULT_REGISTER_SIZE;
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`size must be a non-negative integer, got ${size}`);
  const rng = mulberry32(0x72656769); // "regi"
  const builder = new RegisterBuilder(rng);
  addDemoAccountRecords(builder);
  addShowcaseHouseholds(builder);
  for (let household = 0; builder.size < size; household += 1) addHousehold(builder, rng, household);
  return { records: builder.list(), duplicates: builder.duplicates };
}
