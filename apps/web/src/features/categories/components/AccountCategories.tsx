import type { Account, Category } from '@brieftaube/shared';
import { Box, Button, List, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { formatCount } from '../lib/format.ts';
import { uncategorizedCounts } from '../lib/uncategorized.ts';
import { CategoryListRow, CategoryRow } from './CategoryRow.tsx';
import { BreakableAddress } from '../../../components/mail/BreakableAddress.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';
import { CategorizeButton } from './CategorizeButton.tsx';
import { useProposalRun } from '../../ai/use-proposal-run.ts';
import { ProposalsPanel, ProposeButton } from './Proposals.tsx';

const PROVIDER_ICONS: Record<Account['provider'], string> = {
  google: 'google',
  microsoft: 'microsoft-outlook',
  yahoo: 'yahoo',
  imap: 'email-outline',
};

interface Props {
  account: Account;
  categories: Category[];
  onCreate: (accountId: number) => void;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  onNotice: (text: string, error?: boolean) => void;
  onCategorizeStarted: (taskId: string) => void;
}

/** One account's categories, followed by its virtual 'Ohne Kategorie' (spec §3). */
export function AccountCategories({
  account,
  categories,
  onCreate,
  onEdit,
  onDelete,
  onNotice,
  onCategorizeStarted,
}: Props) {
  const { t } = useTranslation();
  const proposalRun = useProposalRun(account.id, (error) => onNotice(errorMessage(error), true));
  const own = categories
    .filter((category) => category.account === account.id)
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
  const rest = uncategorizedCounts(account, own);
  const headingId = `category-account-${account.id}`;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.5,
          flexWrap: 'wrap',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Mdi name={PROVIDER_ICONS[account.provider]} sx={{ color: 'text.secondary' }} />
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography
            id={headingId}
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            <BreakableAddress address={account.email_address} />
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('categories.accountSummary', {
              count: own.length,
              formatted: formatCount(own.length),
            })}
          </Typography>
        </Box>
        {own.length > 0 && (
          <CategorizeButton
            size="small"
            accountId={account.id}
            label={t('ai.categorize.buttonFor', { email: account.email_address })}
            onError={(error) => onNotice(errorMessage(error), true)}
            onStarted={onCategorizeStarted}
          />
        )}
        {(rest?.email_count ?? 0) > 0 && <ProposeButton account={account} run={proposalRun} />}
        <Button
          size="small"
          startIcon={<Mdi name="plus" />}
          onClick={() => onCreate(account.id)}
          aria-label={t('categories.newFor', { email: account.email_address })}
        >
          {t('categories.new')}
        </Button>
      </Box>
      {own.length === 0 && (
        <Typography sx={{ px: 2, py: 2, color: 'text.secondary' }}>
          {t('categories.noCategories')}
        </Typography>
      )}
      {(own.length > 0 || rest) && (
        <List disablePadding sx={{ '& > li:last-of-type': { borderBottom: 0 } }}>
          {own.map((category) => (
            <CategoryRow
              key={category.id}
              category={category}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
          {rest && (
            <CategoryListRow
              to={`/app?accounts=${account.id}&has_category=false`}
              color="grey"
              name={t('categories.uncategorized')}
              description={t('categories.uncategorizedText')}
              total={rest.email_count}
              unread={rest.unread_email_count}
              italic
            />
          )}
        </List>
      )}
      <ProposalsPanel account={account} run={proposalRun} onNotice={onNotice} />
    </Paper>
  );
}
