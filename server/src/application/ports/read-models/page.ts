/** A page of rows and how many rows there are in all. */
export interface Page<T> {
  items: T[];
  total: number;
}
