"use client";
/** The search panel: Enter with non-blank text searches; recommended searches search for themselves. */
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useCategories, useMenus } from "@/lib/hooks/use-catalog";
import { recommendedSearches } from "@/lib/rules/catalog";
import { Drawer } from "./drawer";
import { usePanels } from "./panels";

export const searchPath = (q: string) => `/search/?q=${encodeURIComponent(q.trim())}`;

export function SearchPanel() {
  const { open, close } = usePanels();
  const router = useRouter();

  const go = (q: string) => {
    if (!q.trim()) return;
    close();
    router.push(searchPath(q));
  };

  // The form lives only while the drawer is open, so each opening starts
  // with an empty box: typing never adds to the last search's words.
  return (
    <Drawer open={open === "search"} side="right" label="Search" onClose={close} wide>
      <SearchForm onSearch={go} />
    </Drawer>
  );
}

function SearchForm({ onSearch }: { onSearch: (q: string) => void }) {
  const [text, setText] = useState("");
  const { items: categories } = useCategories();
  const { items: menus } = useMenus();
  const suggestions = recommendedSearches(categories, menus);

  return (
    <div className="search-panel">
      <label htmlFor="search-input" className="search-panel__label">
        What are you looking for?
      </label>
      <input
        id="search-input"
        className="search-panel__input"
        type="search"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            onSearch(text);
          }
        }}
      />
      {suggestions.length > 0 && (
        <div className="search-panel__suggest">
          <h2 className="sidebar__heading">RECOMMEND SEARCHES</h2>
          <ul>
            {suggestions.map((s) => (
              <li key={s}>
                <button type="button" className="link-button" onClick={() => onSearch(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
