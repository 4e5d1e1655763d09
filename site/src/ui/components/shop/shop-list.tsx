"use client";
/** ALL PRODUCTS (or one menu's products) with count, filters and the empty text. */
import { useMemo, useState } from "react";
import { useCategories, useProducts } from "@/lib/hooks/use-catalog";
import { NO_FILTERS, applyFilters, categoryOptions, colorOptions, type ShopFilters } from "@/lib/rules/filters";
import { matchesMenu, menuLabel } from "@/lib/rules/menu-match";
import { PageTitle } from "@/ui/components/common/page-title";
import { ProductGrid } from "@/ui/components/product/product-grid";
import { ShopFiltersForm } from "./shop-filters";

export const EMPTY_SHOP = "No product found.";

export function ShopList({ menu }: { menu: string | null }) {
  const { items: products, isLoading } = useProducts();
  const { items: categories } = useCategories();
  const [filters, setFilters] = useState<ShopFilters>(NO_FILTERS);
  const [showFilters, setShowFilters] = useState(false);

  const inMenu = useMemo(() => (menu ? products.filter((p) => matchesMenu(p, menu)) : products), [products, menu]);
  const shown = useMemo(() => applyFilters(inMenu, filters), [inMenu, filters]);
  const categoryNames = useMemo(() => categoryOptions(categories.map((c) => c.name)), [categories]);
  const colors = useMemo(() => colorOptions(inMenu), [inMenu]);

  return (
    <div className="container section">
      <PageTitle sub={menu ? menuLabel(menu) : undefined}>
        ALL PRODUCTS <span className="count">({shown.length})</span>
      </PageTitle>
      <div className="shop-toolbar">
        <button
          type="button"
          className="button button--outline"
          aria-expanded={showFilters}
          aria-controls="shop-filters"
          onClick={() => setShowFilters((s) => !s)}
        >
          {showFilters ? "Hide filters" : "Filters"}
        </button>
        <p className="muted" aria-live="polite">
          {shown.length} {shown.length === 1 ? "product" : "products"}
        </p>
      </div>
      <div id="shop-filters" hidden={!showFilters}>
        <ShopFiltersForm colors={colors} categories={categoryNames} applied={filters} onApply={setFilters} />
      </div>
      {isLoading ? <div className="loading" aria-busy="true" /> : shown.length === 0 ? <p className="empty">{EMPTY_SHOP}</p> : <ProductGrid products={shown} />}
    </div>
  );
}
