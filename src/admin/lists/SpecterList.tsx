// The one list of the back-office (docs/PRODUCT.md, Screens): a "#" row number first, the resource's columns,
// the spec's empty text both when there are no records at all and when a search finds none, no bulk actions,
// no row click, no export; optionally a search box and 'Add New' to the spec's add path.
// Top-level lists keep sort, page, rows per page and search in the address (and react-admin's store), so they
// survive a reload and Back; lists nested under a parent (`filter`) keep none of it.
// The screens added beside the spec's (Orders, Activity) use the same list with a few options: their own
// filters, a row that expands, the filters kept on screen when nothing was recorded yet, no "#" column.
import type { ReactElement, ReactNode } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  useListContext,
  useTranslate,
  type SearchInputProps,
  type SortPayload,
} from 'react-admin';
import { SEARCH_MIN_CHARS, searchTooShort } from '../../contract/common';
import { AddNewActions } from './AddNewActions';
import { EmptyText } from './EmptyText';
import { ListPagination } from './ListPagination';
import { RowNumber } from './RowNumber';
import { useScrollableRegion } from './scrollableRegion';

export function SpecterList({
  resource,
  title,
  empty,
  rowNumberLabel,
  search = false,
  searchMinChars = false,
  searchHelp,
  filters = [],
  add,
  actions,
  sort,
  perPage,
  filter,
  remember = !filter,
  emptyPage = true,
  emptyActions,
  expand,
  children,
}: {
  resource?: string;
  title: string;
  /** The translation key of the empty text. */
  empty: string;
  /** The "#" column's label; false: no "#" column (the audit trail numbers nothing). */
  rowNumberLabel: string | false;
  /** A search box first; a string is its placeholder's translation key (else specter.common.search). */
  search?: boolean | string;
  /** The list's server refuses names shorter than SEARCH_MIN_CHARS (the big lists, docs/PERFORMANCE.md): the box
   * says so under it while such a term is typed, and the data provider does not send it. */
  searchMinChars?: boolean;
  /** What the search box searches, said under it (a translation key): a placeholder goes once a term is typed. */
  searchHelp?: string;
  /** The list's own filters, after the search box. */
  filters?: ReactElement[];
  /** 'Add New': where it goes and its label's translation key. */
  add?: { to: string; label: string };
  /** The list's own toolbar (e.g. an export button), instead of Add New. */
  actions?: ReactElement;
  sort?: SortPayload;
  perPage?: number;
  /** A list nested under a parent record (branches of a restaurant, tills of a branch). */
  filter?: Record<string, unknown>;
  /** Keep sort, page and filters in the address and the store (default: unless nested). */
  remember?: boolean;
  /** With no records at all, show the empty text alone (default); false: the filters, the toolbar and the table
   * stay, the table saying the empty text. */
  emptyPage?: boolean;
  /** With no records at all, what the empty page shows above its text (default: Add New): react-admin's empty page
   * drops the list's actions, so a list whose first step is another button (Connect Foodics) says it here. */
  emptyActions?: ReactElement;
  /** A row click expands the row to this (its record in context). */
  expand?: ReactElement;
  children: ReactNode;
}) {
  const t = useTranslate();
  const tableRef = useScrollableRegion(title);
  const emptyText = <EmptyText text={empty} />;
  const addNew = add && <AddNewActions to={add.to} label={add.label} />;
  const aboveEmpty = emptyActions ?? addNew;
  const searchBox = search && (
    <SpecterSearch
      key="q"
      source="q"
      alwaysOn
      placeholder={t(typeof search === 'string' ? search : 'specter.common.search')}
      minChars={searchMinChars}
      help={searchHelp && t(searchHelp)}
    />
  );
  const allFilters = searchBox ? [searchBox, ...filters] : filters;
  const stateless = remember ? {} : { storeKey: false as const, disableSyncWithLocation: true };
  return (
    <List
      resource={resource}
      title={title}
      filters={allFilters.length ? allFilters : undefined}
      actions={actions ?? addNew ?? false}
      empty={
        !emptyPage ? (
          false
        ) : aboveEmpty ? (
          <>
            {aboveEmpty}
            {emptyText}
          </>
        ) : (
          emptyText
        )
      }
      sort={sort}
      perPage={perPage}
      exporter={false}
      pagination={<ListPagination />}
      filter={filter}
      {...stateless}
    >
      <Datagrid
        ref={tableRef}
        bulkActionButtons={false}
        rowClick={expand ? 'expand' : false}
        expand={expand}
        empty={emptyText}
      >
        {rowNumberLabel !== false && (
          <FunctionField label={rowNumberLabel} render={() => <RowNumber />} sortable={false} />
        )}
        {children}
      </Datagrid>
    </List>
  );
}

/** The search box; react-admin's filter form takes the helper text away from its inputs (helperText false, and a
 * display: none), so it is put back here: the short-search hint, when the list asks for it, else what the box searches. */
function SpecterSearch({ minChars, help, ...props }: SearchInputProps & { minChars: boolean; help?: string }) {
  return (
    <SearchInput
      {...props}
      helperText={minChars || help ? <SearchHelp minChars={minChars} help={help} /> : false}
      // react-admin's filter form hides every helper text (display: none); this one is shown (`&&`: the rule wins).
      sx={
        minChars || help
          ? { '&& .MuiFormHelperText-root': { display: 'block', maxWidth: '22em', whiteSpace: 'normal' } }
          : undefined
      }
    />
  );
}

/** "Type at least 3 characters..." under the search box while the term typed is too short to be searched;
 * otherwise what the box searches, when the list says it. */
function SearchHelp({ minChars, help }: { minChars: boolean; help?: string }) {
  const t = useTranslate();
  // The filter as react-admin holds it (after the search box's short debounce).
  const q = useListContext().filterValues?.q as string | undefined;
  if (minChars && searchTooShort(q))
    return <span role="status">{t('specter.common.searchTooShort', { n: SEARCH_MIN_CHARS })}</span>;
  return help ? <span>{help}</span> : null;
}
