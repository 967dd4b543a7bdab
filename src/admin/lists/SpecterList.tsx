// The one list of the back-office (docs/PRODUCT.md, Screens): a "#" row number first, the resource's columns,
// the spec's empty text both when there are no records at all and when a search finds none, no bulk actions,
// no row click, no export; optionally a search box and 'Add New' to the spec's add path.
// Top-level lists keep sort, page, rows per page and search in the address (and react-admin's store), so they
// survive a reload and Back; lists nested under a parent (`filter`) keep none of it.
import type { ReactElement, ReactNode } from 'react';
import { Datagrid, FunctionField, List, SearchInput, useTranslate, type SortPayload } from 'react-admin';
import { AddNewActions } from './AddNewActions';
import { EmptyText } from './EmptyText';
import { RowNumber } from './RowNumber';

export function SpecterList({
  resource,
  title,
  empty,
  rowNumberLabel,
  search = false,
  add,
  actions,
  sort,
  perPage,
  filter,
  children,
}: {
  resource?: string;
  title: string;
  /** The translation key of the empty text. */
  empty: string;
  /** The "#" column's label. */
  rowNumberLabel: string;
  search?: boolean;
  /** 'Add New': where it goes and its label's translation key. */
  add?: { to: string; label: string };
  /** The list's own toolbar (e.g. an export button), instead of Add New. */
  actions?: ReactElement;
  sort?: SortPayload;
  perPage?: number;
  /** A list nested under a parent record (branches of a restaurant, tills of a branch). */
  filter?: Record<string, unknown>;
  children: ReactNode;
}) {
  const t = useTranslate();
  const emptyText = <EmptyText text={empty} />;
  const addNew = add && <AddNewActions to={add.to} label={add.label} />;
  const nested = filter ? { filter, storeKey: false as const, disableSyncWithLocation: true } : {};
  return (
    <List
      resource={resource}
      title={title}
      filters={
        search ? [<SearchInput key="q" source="q" alwaysOn placeholder={t('specter.common.search')} />] : undefined
      }
      actions={actions ?? addNew ?? false}
      empty={
        addNew ? (
          <>
            {addNew}
            {emptyText}
          </>
        ) : (
          emptyText
        )
      }
      sort={sort}
      perPage={perPage}
      exporter={false}
      {...nested}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={emptyText}>
        <FunctionField label={rowNumberLabel} render={() => <RowNumber />} sortable={false} />
        {children}
      </Datagrid>
    </List>
  );
}
