"use client";

import { useState } from "react";
import type { TableSort } from "./data-table-logic";

/**
 * A staff table's order, spread into DataTable as `sort` and `onSort`: a new order goes back to the first page
 * (`onChange`), since page 3 of another order is nobody's page 3.
 */
export function useTableSort<Key extends string>(initial: TableSort<Key>, onChange: () => void) {
  const [sort, setSort] = useState(initial);
  return {
    sort,
    onSort(next: TableSort<Key>) {
      setSort(next);
      onChange();
    },
  };
}
