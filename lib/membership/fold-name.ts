/**
 * The twin of the SQL function membership_fold() (migration membership_register): lower case, accents and
 * other marks dropped, letters that do not decompose spelled out (ß → ss, ø → o, ł → l), apostrophes
 * dropped (O'Brien → obrien), every other run of punctuation or spaces one space. The database folds
 * records and queries itself; the application folds only to look names up in the nickname table and in
 * tests, so the two must agree on Latin names (fold-name.test.ts checks them against each other). Pure.
 */
const SPELLED_OUT: Record<string, string> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  þ: "th",
  Þ: "TH",
  ĳ: "ij",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  ħ: "h",
  Ħ: "H",
  ı: "i",
};

export function foldName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[ßẞæÆœŒþÞĳøØłŁđĐðÐħĦı]/g, (letter) => SPELLED_OUT[letter] ?? letter)
    .replace(/['’ʼ`]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\u0080-\uffff]+/g, " ")
    .trim();
}
