import { getCollection, type CollectionEntry } from 'astro:content';

type LandingSection = 'hero' | 'socialProof' | 'features' | 'benefits' | 'contact';

/**
 * The words of one landing section. Each section is one YAML file in src/content/landing, so its
 * collection holds a single entry; a deleted or renamed file stops the build here, by name.
 */
export async function getLandingSection<Section extends LandingSection>(
  section: Section,
): Promise<CollectionEntry<Section>['data']> {
  const [entry] = await getCollection(section);
  if (!entry) throw new Error(`The landing text "${section}" is missing: its file in src/content/landing was moved or renamed.`);
  return entry.data;
}
