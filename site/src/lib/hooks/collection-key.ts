/** The SWR key of a collection page's data (shared with its page, which hands the build's copy to SWR under it). */
export const collectionKey = (ref: string) => ["collection", ref] as const;
