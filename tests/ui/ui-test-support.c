/* ui-test-support.c — what the window's tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ui-test-support.h"

void
ts_test_settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
ts_test_destroy_window (gpointer window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  ts_test_settle ();
  g_assert_finalize_object (window);
}

#ifdef __SANITIZE_ADDRESS__
#include <link.h>
#include <string.h>
#include <sanitizer/lsan_interface.h>

/* the sanitizers' allocator interface (LLVM's allocator_interface.h,
 * which gcc 12 does not install; libasan exports both) */
int    __sanitizer_get_ownership      (const volatile void *p);
size_t __sanitizer_get_allocated_size (const volatile void *p);

/* GLib's first block of quarks (2,048 of them), made in GLib's own
 * constructor, is abandoned on purpose when the table grows past it
 * (gquark.c: lock-free readers may still hold it), and a window's tests
 * make about that many quarks (test-window some 2,040). Under ASan's fast
 * unwinder, which build-aux/ci-extras uses for these tests, the leak's
 * stack ends at GLib's g_malloc (GLib has no frame pointers), so no
 * suppression can name it without hiding every leak through g_malloc.
 * Here, before the table can grow, the block is found where GLib keeps
 * it, in libglib's data (a heap block of 2,048 pointers holding a quark's
 * string at the quark's index), and LeakSanitizer told to ignore it.
 * (A second growth, past 4,096 quarks, would abandon the second block the
 * same way; no window test comes near.) */
static int
ignore_quark_block (struct dl_phdr_info *info,
                    size_t               size,
                    void                *data)
{
  GQuark probe = *(GQuark *) data;
  const char *probe_string = g_quark_to_string (probe);

  if (info->dlpi_name == NULL || strstr (info->dlpi_name, "/libglib-2.0.so") == NULL)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
      const char ***words;

      if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_W))
        continue;
      words = (const char ***) ((info->dlpi_addr + segment->p_vaddr) & ~(sizeof (gpointer) - 1));
      for (gsize k = 0; k < segment->p_memsz / sizeof (gpointer); k++)
        {
          const char **block = words[k];

          if (block != NULL && __sanitizer_get_ownership (block)
              && __sanitizer_get_allocated_size (block) == 2048 * sizeof (char *)
              && block[probe] == probe_string)
            {
              __lsan_ignore_object (block);
              return 1;
            }
        }
    }
  return 0;
}

__attribute__((constructor)) static void
ts_test_ignore_first_quark_block (void)
{
  GQuark probe = g_quark_from_static_string ("ts-test-quark-probe");

  if (probe < 2048 && dl_iterate_phdr (ignore_quark_block, &probe) == 0)
    g_printerr ("ui-test-support: GLib's first block of quarks not found; "
                "LeakSanitizer will report it if the table grows\n");
}
#endif

GtkWidget *
ts_test_find_named (GtkWidget  *widget,
                    const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ts_test_find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}
