/** The order's page in the customer's cabinet. */
export const cabinetOrderUrl = (publicUrl: string, orderId: string) =>
  `${publicUrl}/cabinet/orders/${orderId}`;
