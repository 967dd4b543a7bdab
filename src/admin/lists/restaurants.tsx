// The restaurants a list's rows belong to, for the lists of a restaurant's records (rewards, members, the ledger):
// a filter choosing one of the caller's restaurants, and their names by id for a column. Both read the one
// restaurants list react-admin keeps (the caller's restaurants: a manager's or staff's own).
import { SelectInput, useGetList } from 'react-admin';

const RESTAURANTS = { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' as const } };

/** The caller's restaurants as a filter's choices. */
export function RestaurantFilter(props: { source: string; alwaysOn?: boolean; label: string }) {
  const { data } = useGetList('restaurants', RESTAURANTS);
  return <SelectInput {...props} choices={(data ?? []).map((r) => ({ id: r.id, name: r.name }))} />;
}

/** The caller's restaurants' names by id. */
export function useRestaurantNames(): Map<unknown, string> {
  const { data } = useGetList('restaurants', RESTAURANTS);
  return new Map((data ?? []).map((r) => [r.id, String(r.name)]));
}

/** The caller's restaurants, for a form's restaurant choice. */
export function useRestaurantChoices(): { id: number; name: string }[] {
  const { data } = useGetList('restaurants', RESTAURANTS);
  return (data ?? []).map((r) => ({ id: Number(r.id), name: String(r.name) }));
}
