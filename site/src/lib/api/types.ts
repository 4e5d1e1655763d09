/** The catalogue entities as the API sends them (camelCase, as in shared/domain catalog.rs). */

export interface SetItem {
  name: string;
  price: number;
}

export interface Product {
  id: string;
  sku: string;
  name: string;
  description: string;
  categories: string[];
  collection: string;
  collectionName?: string;
  slug: string;
  size: string[];
  color: string[];
  price: number;
  tag?: string[];
  status: string;
  productGallery: string[];
  items?: SetItem[];
  createdAt: string;
}

export interface Category {
  id: string;
  name: string;
  status: string;
}

export interface Menu {
  id: string;
  title: string;
  url: string;
  status: string;
  order: number;
}

export interface Banner {
  id: string;
  imageUrl: string;
  status: string;
  order: number;
}

export interface Collection {
  id: string;
  slug: string;
  name: string;
  description: string;
  banner: string[];
  status: string;
  products?: Product[];
}

export interface Runway {
  id: string;
  slug: string;
  name: string;
  status: string;
  isFeatured: boolean;
  banners: string[];
  description: string;
  video: string;
  youtubeUrl: string;
  collection: { id: string; name: string; slug: string };
  celebs: { image: string; createdAt: string }[];
  galleries: { id: string; status: string; image: string[]; product: { id: string; slug: string } }[];
  createdAt: string;
}

export interface News {
  id: string;
  slug: string;
  title: string;
  description: string;
  poster: string;
  content: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface Profile {
  id: string;
  email: string;
  name?: string;
  firstname?: string;
  lastname?: string;
  title?: string | null;
  /** YYYY-MM-DD */
  birthday?: string | null;
}

/** A line of the shopping bag (size is a value or 'custom'; price is the unit price). */
export interface CartLine {
  id: string;
  product: { id: string; slug: string; name: string; productGallery?: string[] };
  category?: string;
  color?: string;
  size?: string;
  quantity: number;
  price: number;
}

export interface OrderItem {
  product: { id: string; slug?: string; name: string; productGallery?: string[] };
  category?: string;
  color?: string;
  size?: string;
  quantity: number;
  price: number;
}

export interface Order {
  id: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  subtotal: number;
  shippingfee: number;
  total?: number;
  items: OrderItem[];
}

export interface WishlistEntry {
  id: string;
  product: { id: string; slug?: string; name?: string; productGallery?: string[] };
}

/** Field-level errors of a 400, keyed by field name. */
export type FieldErrors = Record<string, string>;
