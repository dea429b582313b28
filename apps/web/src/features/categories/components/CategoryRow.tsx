import type { Category } from '@brieftaube/shared';
import {
  Box,
  IconButton,
  ListItem,
  ListItemButton,
  ListItemIcon,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { CategoryCounts } from './CategoryCounts.tsx';
import { ColorDot } from '../../../components/ui/ColorDot.tsx';

interface RowProps {
  to: string;
  color: string;
  name: string;
  description: string;
  total: number;
  unread: number;
  italic?: boolean;
  actions?: React.ReactNode;
}

/** One line of the list: colour, name, description and counts; the whole line is a link. */
export function CategoryListRow({
  to,
  color,
  name,
  description,
  total,
  unread,
  italic,
  actions,
}: RowProps) {
  return (
    <ListItem disablePadding divider sx={{ alignItems: 'stretch' }}>
      <ListItemButton
        component={RouterLink}
        to={to}
        sx={{ py: 1.5, pr: 2, alignItems: 'flex-start', flex: 1, minWidth: 0 }}
      >
        <ListItemIcon sx={{ minWidth: 36, mt: 0.75 }}>
          <ColorDot color={color} size={16} />
        </ListItemIcon>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            gap: { xs: 0.5, sm: 2 },
            flexDirection: { xs: 'column', sm: 'row' },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, fontStyle: italic ? 'italic' : 'normal' }}>
              {name}
            </Typography>
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {description}
            </Typography>
          </Box>
          <CategoryCounts total={total} unread={unread} />
        </Box>
      </ListItemButton>
      {/* Beside the link, not inside it: a button within a link is not allowed. */}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          width: { xs: 96, sm: 104 },
          justifyContent: 'flex-end',
          pr: 1,
          flexShrink: 0,
        }}
      >
        {actions}
      </Box>
    </ListItem>
  );
}

interface CategoryRowProps {
  category: Category;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
}

export function CategoryRow({ category, onEdit, onDelete }: CategoryRowProps) {
  const { t } = useTranslation();
  const editLabel = t('categories.editNamed', { name: category.name });
  const deleteLabel = t('categories.removeNamed', { name: category.name });
  return (
    <CategoryListRow
      to={`/app/categories/${category.id}`}
      color={category.color}
      name={category.name}
      description={category.description || t('categories.noDescription')}
      total={category.email_count}
      unread={category.unread_email_count}
      actions={
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Tooltip title={editLabel}>
            <IconButton aria-label={editLabel} onClick={() => onEdit(category)}>
              <Mdi name="pencil-outline" />
            </IconButton>
          </Tooltip>
          <Tooltip title={deleteLabel}>
            <IconButton aria-label={deleteLabel} onClick={() => onDelete(category)}>
              <Mdi name="delete-outline" />
            </IconButton>
          </Tooltip>
        </Box>
      }
    />
  );
}
