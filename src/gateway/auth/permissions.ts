/**
 * Whether a permission list (`P-N` and `P-*` entries) allows the access point `product-point`.
 */
export function permits(permissions: readonly string[], pointId: string): boolean {
  const product = pointId.slice(0, pointId.indexOf('-'));
  return permissions.some((p) => p === pointId || p === `${product}-*`);
}
