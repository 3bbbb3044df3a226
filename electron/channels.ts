/** The two IPC channels between the kiosk window and the core; nothing else crosses. */
export const REQUEST_CHANNEL = 'felt:request';
export const VIEW_CHANNEL = 'felt:view';
