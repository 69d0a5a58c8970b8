import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconBell, IconBellOff, IconCircleFilled, IconMailOpened } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationDto } from '../../../../shared/schemas/notifications';
import { useAuthState } from '../../../lib/auth-store';
import { formatNumber, formatRelativeTime } from '../../../lib/format';
import {
  internalLink,
  notificationsQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api/notifications';
import { useLiveNotifications } from '../api/live';
import { notificationSentence } from '../notification-sentence';

/** The navbar bell: unread count from the server, a popover with the latest notifications. */
export function NotificationsMenu() {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const menuId = useId();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const query = useQuery(notificationsQueryOptions(orgId));
  useLiveNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = query.data?.unread ?? 0;
  const items = query.data?.items ?? [];
  const language = i18n.resolvedLanguage;

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    void query.refetch();
  };
  const close = () => setAnchor(null);

  const openNotification = (notification: NotificationDto) => {
    if (!notification.read_at) markRead.mutate(notification.id);
    const link = internalLink(notification.link);
    if (link) {
      close();
      void router.navigate({ href: link });
    }
  };

  const buttonLabel =
    unread > 0
      ? t('layout.notifications.buttonUnread', { unread: formatNumber(unread, {}, language) })
      : t('layout.notifications.button');

  return (
    <>
      <Tooltip title={t('layout.notifications.title')}>
        <IconButton
          onClick={open}
          aria-label={buttonLabel}
          aria-haspopup="dialog"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? menuId : undefined}
        >
          <Badge
            color="error"
            badgeContent={unread > 0 ? formatNumber(Math.min(unread, 99), {}, language) : 0}
            invisible={unread === 0}
            overlap="circular"
          >
            <IconBell size={22} aria-hidden />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={menuId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': `${menuId}-title`,
            sx: { width: { xs: 'calc(100vw - 32px)', sm: 380 }, mt: 1 },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, py: 1.75 }}>
          <Typography id={`${menuId}-title`} variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('layout.notifications.title')}
          </Typography>
          {unread > 0 ? (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t('layout.notifications.newCount', {
                unread: formatNumber(unread, {}, language),
              })}
            />
          ) : null}
          <Tooltip title={t('layout.notifications.markAllRead')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('layout.notifications.markAllRead')}
                disabled={unread === 0 || markAllRead.isPending}
                onClick={() => markAllRead.mutate()}
              >
                <IconMailOpened size={20} aria-hidden />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Divider />
        <Box sx={{ maxHeight: 380, overflowY: 'auto' }}>
          {query.isPending ? (
            <Box sx={{ p: 2 }} aria-busy="true" aria-label={t('common.loading')}>
              {[0, 1, 2].map((key) => (
                <Box key={key} sx={{ display: 'flex', gap: 1.5, mb: 1.5 }}>
                  <Skeleton variant="circular" width={38} height={38} />
                  <Box sx={{ flex: 1 }}>
                    <Skeleton width="60%" />
                    <Skeleton width="90%" />
                  </Box>
                </Box>
              ))}
            </Box>
          ) : query.isError ? (
            <Box sx={{ p: 3, textAlign: 'center' }}>
              <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                {t('layout.notifications.loadError')}
              </Typography>
              <Button size="small" variant="outlined" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </Box>
          ) : items.length === 0 ? (
            <Box sx={{ px: 3, py: 5, textAlign: 'center' }}>
              <Avatar
                sx={{
                  mx: 'auto',
                  mb: 1.5,
                  width: 48,
                  height: 48,
                  bgcolor: 'action.selected',
                  color: 'text.secondary',
                }}
              >
                <IconBellOff size={24} aria-hidden />
              </Avatar>
              <Typography sx={{ fontWeight: 600 }}>
                {t('layout.notifications.emptyTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('layout.notifications.emptyBody')}
              </Typography>
            </Box>
          ) : (
            <List disablePadding aria-label={t('layout.notifications.title')}>
              {items.map((notification, index) => {
                const unreadItem = !notification.read_at;
                const sentence = notificationSentence(t, notification, language);
                return (
                  <ListItem
                    key={notification.id}
                    disablePadding
                    divider={index < items.length - 1}
                    secondaryAction={
                      unreadItem ? (
                        <Tooltip title={t('layout.notifications.markRead')}>
                          <IconButton
                            size="small"
                            edge="end"
                            aria-label={t('layout.notifications.markReadNamed', {
                              title: sentence,
                            })}
                            onClick={() => markRead.mutate(notification.id)}
                            sx={{ color: 'primary.main' }}
                          >
                            <IconCircleFilled size={10} aria-hidden />
                          </IconButton>
                        </Tooltip>
                      ) : null
                    }
                  >
                    <ListItemButton
                      onClick={() => openNotification(notification)}
                      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, pr: 6 }}
                    >
                      <Avatar
                        sx={{
                          width: 38,
                          height: 38,
                          bgcolor: unreadItem ? 'primary.main' : 'action.selected',
                          color: unreadItem ? 'primary.contrastText' : 'text.secondary',
                        }}
                      >
                        <IconBell size={20} aria-hidden />
                      </Avatar>
                      <Box sx={{ minWidth: 0, flex: 1 }}>
                        <Typography
                          variant="body2"
                          sx={{ fontWeight: unreadItem ? 600 : 500, color: 'text.primary' }}
                        >
                          {sentence}
                        </Typography>
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="time"
                          dateTime={notification.created_at}
                        >
                          {formatRelativeTime(
                            notification.created_at,
                            query.dataUpdatedAt,
                            language,
                          )}
                        </Typography>
                      </Box>
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
