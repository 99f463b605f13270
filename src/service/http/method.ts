/** The HTTP methods the interface uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
