import { describe, expect, it } from "vitest";
import { byGroupThenName, nameCollator } from "./name-order";

const person = (id: string, name: string, rank = 0) => ({ id, name, rank });
const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe("byGroupThenName", () => {
  it("sorts names with accents and case beside their letters, where byte order puts them last", () => {
    const rows = [person("1", "Zoe"), person("2", "Ángel"), person("3", "bea"), person("4", "Ana"), person("5", "Élodie")];
    expect(names(byGroupThenName(rows, (row) => row.name, (row) => row.id))).toEqual(["Ana", "Ángel", "bea", "Élodie", "Zoe"]);
    expect([...rows].map((row) => row.name).sort()).toEqual(["Ana", "Zoe", "bea", "Ángel", "Élodie"]);
  });

  it("keeps the group first, and the id decides between two people of one name", () => {
    const rows = [person("b", "Ana", 1), person("c", "Zoe", 0), person("a", "Ana", 1), person("d", "Ángel", 0)];
    expect(byGroupThenName(rows, (row) => row.name, (row) => row.id, (row) => row.rank).map((row) => row.id)).toEqual(["d", "c", "a", "b"]);
  });

  it("sorts by a reader's language when it is known: Spanish puts ñ after n", () => {
    const rows = [person("1", "Ñoño"), person("2", "Nora")];
    expect(names(byGroupThenName(rows, (row) => row.name, (row) => row.id, undefined, nameCollator("es")))).toEqual(["Nora", "Ñoño"]);
    expect(names(byGroupThenName(rows, (row) => row.name, (row) => row.id))).toEqual(["Ñoño", "Nora"]);
  });

  it("does not change the rows it is given", () => {
    const rows = [person("1", "Zoe"), person("2", "Ana")];
    byGroupThenName(rows, (row) => row.name, (row) => row.id);
    expect(names(rows)).toEqual(["Zoe", "Ana"]);
  });
});
