// The lists' pagination: react-admin's, with one fix for Arabic. A list whose total is a lower bound ("1-25 of more
// than 25") pages with MUI's own arrows, told by react-admin whether a next page exists; right to left, MUI hands
// each arrow the other one's settings, so Arabic's last page kept Next and lost Previous. Here each arrow is given
// what it needs under the name MUI reads in that direction.
import { useTheme } from '@mui/material';
import { Pagination, useListPaginationContext } from 'react-admin';

export function ListPagination() {
  const { hasNextPage, page, total } = useListPaginationContext();
  const rtl = useTheme().direction === 'rtl';
  if (!rtl || total != null) return <Pagination />;
  return (
    <Pagination
      slotProps={{
        actions: {
          // Right to left, MUI's "previous" arrow takes nextButton's settings and its "next" arrow previousButton's.
          nextButton: { disabled: page <= 1 },
          previousButton: { disabled: !hasNextPage },
        },
      }}
    />
  );
}
