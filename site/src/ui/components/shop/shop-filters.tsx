"use client";
/** Color, Category (multi-select with All) and Prices; nothing changes until Apply; Reset clears. */
import { useState } from "react";
import { NO_FILTERS, toggleCategory, type PriceSort, type ShopFilters } from "@/lib/rules/filters";

interface Props {
  colors: string[];
  categories: string[];
  applied: ShopFilters;
  onApply: (filters: ShopFilters) => void;
}

export function ShopFiltersForm({ colors, categories, applied, onApply }: Props) {
  const [draft, setDraft] = useState<ShopFilters>(applied);
  const selected = (name: string) => draft.categories.some((c) => c.toLowerCase() === name.toLowerCase());
  return (
    <form
      className="filters"
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <fieldset className="filters__group">
        <legend>Color</legend>
        <select aria-label="Color" value={draft.color} onChange={(e) => setDraft({ ...draft, color: e.target.value })}>
          <option value="">All colors</option>
          {colors.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </fieldset>
      <fieldset className="filters__group">
        <legend>Category</legend>
        <div className="chips">
          <label className={`chip ${draft.categories.length === 0 ? "chip--on" : ""}`}>
            <input
              type="checkbox"
              checked={draft.categories.length === 0}
              onChange={() => setDraft({ ...draft, categories: toggleCategory(draft.categories, null) })}
            />
            All
          </label>
          {categories.map((c) => (
            <label key={c} className={`chip ${selected(c) ? "chip--on" : ""}`}>
              <input type="checkbox" checked={selected(c)} onChange={() => setDraft({ ...draft, categories: toggleCategory(draft.categories, c) })} />
              {c}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="filters__group">
        <legend>Prices</legend>
        <select aria-label="Prices" value={draft.sort} onChange={(e) => setDraft({ ...draft, sort: e.target.value as PriceSort })}>
          <option value="none">Featured</option>
          <option value="asc">Low to High</option>
          <option value="desc">High to Low</option>
        </select>
      </fieldset>
      <div className="filters__actions">
        <button type="submit" className="button">
          Apply
        </button>
        <button
          type="button"
          className="button button--outline"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Reset
        </button>
      </div>
    </form>
  );
}
