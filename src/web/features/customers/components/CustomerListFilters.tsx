import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_STATUSES, OWNER_NONE } from '../../../../shared/schemas/customers';
import { FilterSelect, ListToolbar, type ListState } from '../../../components/list';
import { formatNumber } from '../../../lib/format';
import { formatTagList, parseTagList, type CustomerListSearch } from '../list-search';

const ANY = '';

/** The search box and the status, owner and tag filters over the customer list. */
export function CustomerListFilters({
  list,
  owners,
  tags,
}: {
  list: ListState<CustomerListSearch>;
  owners: readonly { id: string; name: string }[];
  tags: readonly { tag: string; count: number }[];
}) {
  const { t } = useTranslation();
  const { search } = list;
  const tagOptions = tags.map((tag) => tag.tag);
  const tagCounts = new Map(tags.map((tag) => [tag.tag, tag.count]));
  const selectedTags = parseTagList(search.tags);
  return (
    <ListToolbar
      list={list}
      label={t('customers.list.filters.label')}
      searchLabel={t('customers.list.filters.search')}
      searchPlaceholder={t('customers.list.filters.searchPlaceholder')}
      searchMinWidth={200}
      align="flex-start"
    >
      <FilterSelect
        label={t('customers.fields.status')}
        value={search.status}
        options={CUSTOMER_STATUSES}
        optionLabel={(status) => t(`customers.status.${status}`)}
        onChange={(status) => list.update({ status })}
        anyLabel={t('customers.list.filters.anyStatus')}
        showAny
        minWidth={150}
      />
      <TextField
        select
        size="small"
        label={t('customers.fields.owner')}
        value={search.owner ?? ANY}
        onChange={(event) => list.update({ owner: event.target.value || undefined })}
        sx={{ flex: 1, minWidth: 170 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value={ANY}>{t('customers.list.filters.anyOwner')}</MenuItem>
        <MenuItem value={OWNER_NONE}>{t('customers.list.filters.noOwner')}</MenuItem>
        {search.owner &&
        search.owner !== OWNER_NONE &&
        !owners.some((owner) => owner.id === search.owner) ? (
          <MenuItem value={search.owner}>{search.owner}</MenuItem>
        ) : null}
        {owners.map((owner) => (
          <MenuItem key={owner.id} value={owner.id}>
            {owner.name}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        size="small"
        options={[...new Set([...tagOptions, ...selectedTags])]}
        value={selectedTags}
        onChange={(_event, value) => list.update({ tags: formatTagList(value) })}
        filterSelectedOptions
        limitTags={2}
        renderOption={(props, option) => {
          const { key, ...rest } = props;
          return (
            <Box component="li" key={key} {...rest} sx={{ gap: 1 }}>
              <Box component="span" sx={{ flex: 1 }}>
                {option}
              </Box>
              <Typography component="span" variant="caption" color="text.secondary">
                {formatNumber(tagCounts.get(option) ?? 0)}
              </Typography>
            </Box>
          );
        }}
        renderInput={(inputParams) => (
          <TextField
            {...inputParams}
            label={t('customers.fields.tags')}
            placeholder={
              selectedTags.length === 0 ? t('customers.list.filters.tagsPlaceholder') : undefined
            }
          />
        )}
        sx={{ flex: 1.5, minWidth: 200 }}
      />
    </ListToolbar>
  );
}
