import type { Category } from '@brieftaube/shared';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccounts } from '../../../api/accounts.ts';
import { CreateCategoryForm } from './create-dialog/CreateCategoryForm.tsx';

// Vuetify's persistent dialog answers a click beside it with a short pulse instead of closing.
const pulse = keyframes`
  0%, 100% { transform: scale(1); }
  50% { transform: scale(1.03); }
`;

export interface CreateCategoryDialogProps {
  open: boolean;
  onClose: () => void;
  /** The account the dialog was opened for; otherwise the first account. */
  defaultAccountId?: number | undefined;
  onCreated?: (category: Category) => void;
}

/**
 * Spec §2/§5: 'Neue Kategorie erstellen', persistent (only its buttons close it), at most 600 px
 * wide. After creation it closes; the create hook reloads accounts, folders and categories.
 */
export function CreateCategoryDialog({
  open,
  onClose,
  defaultAccountId,
  onCreated,
}: CreateCategoryDialogProps) {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const [pulsing, setPulsing] = useState(false);
  const list = accounts.data ?? [];

  return (
    <Dialog
      open={open}
      onClose={() => setPulsing(true)}
      fullWidth
      aria-labelledby="create-category-title"
      slotProps={{
        paper: {
          onAnimationEnd: () => setPulsing(false),
          sx: {
            maxWidth: 600,
            animation: pulsing ? `${pulse} 150ms ease-in-out` : 'none',
          },
        },
      }}
      data-testid="create-category-dialog"
    >
      <DialogTitle id="create-category-title">{t('categoryDialog.title')}</DialogTitle>
      {accounts.isPending ? (
        <DialogContent>
          <Box
            role="status"
            aria-label={t('categoryDialog.accountsLoading')}
            sx={{ display: 'grid', placeItems: 'center', py: 4 }}
          >
            <CircularProgress size={28} />
          </Box>
        </DialogContent>
      ) : list.length === 0 ? (
        <>
          <DialogContent>
            <Alert severity="info">{t('categoryDialog.noAccounts')}</Alert>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose} color="inherit">
              {t('categoryDialog.cancel')}
            </Button>
            <Button
              component={RouterLink}
              to="/app/accounts"
              variant="contained"
              color="secondary"
              onClick={onClose}
            >
              {t('layout.addAccount')}
            </Button>
          </DialogActions>
        </>
      ) : (
        // The dialog unmounts its content when closed: every opening starts with a fresh form.
        <CreateCategoryForm
          accounts={list}
          defaultAccountId={defaultAccountId}
          onCancel={onClose}
          onCreated={(category) => {
            onClose();
            onCreated?.(category);
          }}
        />
      )}
    </Dialog>
  );
}
