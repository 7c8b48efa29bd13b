/** The guest view's default demo guidebook (docs/product.md §2: "/instruction" without a token opens it). */
export const DEMO_TOKEN = 'demo-seaside-cottage-2025';
export const DEMO_HOST_EMAIL = 'demo@porchlight.example';
