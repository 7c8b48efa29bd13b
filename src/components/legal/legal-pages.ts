import { getCollection } from 'astro:content';

/** The legal pages (src/content/legal) in navigation order; a file's name is its address. */
export async function getLegalPages() {
  const pages = await getCollection('legal');
  return pages.sort((a, b) => a.data.order - b.data.order);
}

/** Links to the legal pages, for the legal navigation and the footer. */
export async function getLegalLinks() {
  const pages = await getLegalPages();
  return pages.map((page) => ({ href: `/${page.id}`, label: page.data.title }));
}
