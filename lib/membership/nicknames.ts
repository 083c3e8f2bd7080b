import { foldName } from "./fold-name.ts";

/**
 * Given names that name the same person in a church register: Bill is William, Liz is Elizabeth, Paco is
 * Francisco. Trigrams cannot see it (`bill` and `william` share one trigram), so a query's given name is
 * also tried as each of its equivalents. The first name of each group is the formal one; a name in
 * several groups (Chris, Al, Jo) is equivalent to the names of all of them. Folded (lower case, no
 * accents), as fold-name.ts folds. Pure.
 */
export const NICKNAME_GROUPS: readonly (readonly string[])[] = [
  ["william", "bill", "billy", "will", "willy", "liam"],
  ["robert", "bob", "bobby", "rob", "robbie", "bert"],
  ["richard", "rick", "ricky", "rich", "richie", "dick"],
  ["james", "jim", "jimmy", "jamie"],
  ["john", "jack", "johnny"],
  ["jonathan", "jon", "jonny"],
  ["elizabeth", "liz", "lizzie", "beth", "betty", "eliza", "libby", "elsie"],
  ["margaret", "maggie", "meg", "peggy", "marge", "greta"],
  ["katherine", "catherine", "kathryn", "kate", "katie", "kathy", "cathy", "kat", "kitty"],
  ["christopher", "chris", "topher", "kit"],
  ["christine", "christina", "chris", "tina", "chrissy"],
  ["michael", "mike", "mikey", "mick"],
  ["thomas", "tom", "tommy"],
  ["anthony", "tony"],
  ["joseph", "joe", "joey"],
  ["jose", "pepe"],
  ["francisco", "paco", "pancho"],
  ["francis", "frank", "frankie"],
  ["frances", "fran", "frankie"],
  ["daniel", "dan", "danny"],
  ["david", "dave", "davy"],
  ["edward", "ed", "eddie", "ted", "ned"],
  ["alexander", "alex", "xander", "sasha", "al"],
  ["alexandra", "alex", "sandra", "lexi", "sasha"],
  ["benjamin", "ben", "benny"],
  ["samuel", "sam", "sammy"],
  ["samantha", "sam", "sammie"],
  ["matthew", "matt", "matty"],
  ["nicholas", "nick", "nicky", "nico"],
  ["patricia", "pat", "patty", "trish"],
  ["patrick", "pat", "paddy"],
  ["susan", "sue", "susie"],
  ["rebecca", "becky", "becca"],
  ["jennifer", "jen", "jenny"],
  ["deborah", "deb", "debbie"],
  ["victoria", "vicky", "tori"],
  ["steven", "stephen", "steve"],
  ["timothy", "tim", "timmy"],
  ["gregory", "greg"],
  ["lawrence", "larry"],
  ["charles", "charlie", "chuck"],
  ["henry", "harry", "hank"],
  ["harold", "harry", "hal"],
  ["dorothy", "dot", "dottie"],
  ["barbara", "barb", "babs"],
  ["abigail", "abby", "gail"],
  ["isabel", "isabella", "bella", "izzy"],
  ["josephine", "jo", "josie"],
  ["joanna", "johanna", "jo"],
  ["andrew", "andy", "drew"],
  ["nathaniel", "nathan", "nate", "nat"],
  ["zachary", "zach", "zack"],
  ["kenneth", "ken", "kenny"],
  ["ronald", "ron", "ronnie"],
  ["donald", "don", "donnie"],
  ["raymond", "ray"],
  ["theodore", "theo", "ted", "teddy"],
  ["peter", "pete"],
  ["philip", "phillip", "phil"],
  ["jacqueline", "jackie"],
  ["jacob", "jake"],
  ["joshua", "josh"],
  ["gabriel", "gabe"],
  ["gabriela", "gaby"],
  ["frederick", "fred", "freddie"],
  ["albert", "al", "bert"],
  ["alfred", "alf", "al", "fred"],
  ["virginia", "ginny"],
  ["cynthia", "cindy"],
  ["melissa", "mel", "missy"],
  ["pamela", "pam"],
  ["kimberly", "kim"],
  ["manuel", "manny", "manolo"],
  ["dolores", "lola"],
  ["ignacio", "nacho"],
  ["jesus", "chuy"],
  ["alejandro", "alejo"],
  ["eduardo", "lalo"],
  ["guillermo", "memo"],
  ["johannes", "hans"],
  ["friedrich", "fritz"],
  ["aleksander", "olek"],
  ["malgorzata", "gosia"],
  ["giuseppe", "beppe"],
];

const EQUIVALENTS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of NICKNAME_GROUPS) {
    for (const name of group) {
      const mates = map.get(name) ?? new Set<string>();
      for (const mate of group) if (mate !== name) mates.add(mate);
      map.set(name, mates);
    }
  }
  return new Map([...map].map(([name, mates]) => [name, [...mates]]));
})();

/** The names equivalent to one folded given name (not itself); empty when it has none. */
export function nicknameEquivalents(foldedName: string): readonly string[] {
  return EQUIVALENTS.get(foldedName) ?? [];
}

/** At most this many alternative spellings of a query are searched besides the query itself. */
export const MAX_QUERY_VARIANTS = 12;

/**
 * The query with its first name that has equivalents replaced by each of them, folded: "Bill Turner" →
 * ["william turner", "billy turner", ...]. Only one name is swapped (the given name, wherever it stands),
 * so the list stays short. Empty when no word of the query has equivalents.
 */
export function nicknameVariants(query: string): string[] {
  const words = foldName(query).split(" ").filter(Boolean);
  const index = words.findIndex((word) => nicknameEquivalents(word).length > 0);
  if (index < 0) return [];
  return nicknameEquivalents(words[index]!)
    .slice(0, MAX_QUERY_VARIANTS)
    .map((mate) => words.map((word, position) => (position === index ? mate : word)).join(" "));
}
