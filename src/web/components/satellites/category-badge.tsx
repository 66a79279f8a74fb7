import { categoryStyle } from '@/components/satellites/category-style';
import { Badge } from '@/components/ui/badge';

/** The satellite's category as the server sends it, coloured by fleet category (others neutral). */
export function CategoryBadge({ category }: { category: string }) {
  return (
    <Badge variant={categoryStyle(category).badge} className="capitalize">
      {category}
    </Badge>
  );
}
