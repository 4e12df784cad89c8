/** The document picker's element id: the add-document strip focuses it from outside the (lazy) form. */
export const DOCUMENT_PICKER_ID = 'order-document-picker';
