/** The address segments of a detail route's placeholder page, which serves every id (the page reads it from the address). */
export const PLACEHOLDER = { id: "_", slug: "_" } as const;
