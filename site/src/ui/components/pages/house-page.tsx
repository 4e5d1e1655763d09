"use client";
/**
 * A page of the house (About, Made to order, FAQ, Contact, Privacy, Terms):
 * its title, the line under it and its body, as the catalogue folder wrote
 * them (`pages/<id>.md`), sanitised like every rich text. What the site adds
 * around a page (the About wall, the Contact methods, the appointment button)
 * is its `children`. A page the house does not give says so.
 */
import type { ReactNode } from "react";
import type { PageId } from "@/lib/api/types";
import { usePage } from "@/lib/hooks/use-house";
import { PageTitle } from "@/ui/components/common/page-title";
import { SanitizedHtml } from "@/ui/components/common/sanitized-html";

export const NO_PAGE = "This page is not available.";

export function HousePage({ id, className = "", children }: { id: PageId; className?: string; children?: ReactNode }) {
  const { page, isLoading } = usePage(id);
  if (isLoading) return <div className="container section loading" aria-busy="true" />;
  if (!page) {
    return (
      <div className="container section narrow">
        <p className="empty">{NO_PAGE}</p>
      </div>
    );
  }
  return (
    <div className={`container section narrow house-page house-page--${id}`}>
      <PageTitle sub={page.subtitle || undefined}>{page.title}</PageTitle>
      <SanitizedHtml html={page.html} className={`prose ${className}`} />
      {children}
    </div>
  );
}
