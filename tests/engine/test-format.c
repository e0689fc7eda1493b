/* test-format.c — numbers as the article writes them, in both languages
 *
 * Expected strings are the article's: “1 120–1 260 ГБ” (Russian, with the
 * narrow no-break space U+202F between thousands that glibc's ru_RU uses)
 * and the English digest's “1,120–1,260 GB”; 14.3 kW ≈ 48,800 BTU/h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "ts-test-support.h"

#define NNBSP "\u202f"
#define NBSP  "\u00a0"

static gboolean
russian_available (void)
{
  TsLang lang;

  ts_i18n_set_language ("ru");
  lang = ts_i18n_get_lang ();
  return lang == TS_LANG_RU;
}

static void
test_english (void)
{
  g_autofree char *range = NULL;
  g_autofree char *gb = NULL;
  g_autofree char *kw = NULL;
  g_autofree char *btu = NULL;

  ts_i18n_set_language ("en");
  range = ts_format_gb_range (1.12e12, 1.26e12);
  gb = ts_format_gb (1128e9);
  kw = ts_format_kw (14.3);
  btu = ts_format_btu_h (14.3 * 3412.14);

  g_assert_cmpstr (range, ==, "1,120–1,260" NBSP "GB");
  g_assert_cmpstr (gb, ==, "1,128" NBSP "GB");
  g_assert_cmpstr (kw, ==, "14.3" NBSP "kW");
  g_assert_cmpstr (btu, ==, "48,794" NBSP "BTU/h");
}

static void
test_russian (void)
{
  g_autofree char *range = NULL;
  g_autofree char *gb = NULL;
  g_autofree char *kw = NULL;
  g_autofree char *btu = NULL;

  if (!russian_available ())
    {
      g_test_fail_printf ("The Russian catalog was not found (TRAINSIZER_LOCALEDIR=%s)",
                          g_getenv ("TRAINSIZER_LOCALEDIR"));
      return;
    }

  range = ts_format_gb_range (1.12e12, 1.26e12);
  gb = ts_format_gb (1128e9);
  kw = ts_format_kw (10.2);
  btu = ts_format_btu_h (14.3 * 3412.14);

  g_assert_cmpstr (range, ==, "1" NNBSP "120–1" NNBSP "260" NBSP "ГБ");
  g_assert_cmpstr (gb, ==, "1" NNBSP "128" NBSP "ГБ");
  g_assert_cmpstr (kw, ==, "10,2" NBSP "кВт");
  g_assert_cmpstr (btu, ==, "48" NNBSP "794" NBSP "BTU/ч");
  ts_i18n_set_language ("en");
}

/* The Servers table's price in millions (issue 33: the Russian table
 * was wider than its pane): three significant digits, by hand. */
static void
test_money_short (void)
{
  static const struct { double usd; const char *en; const char *ru; } cases[] = {
    { 999999, "999,999" NBSP "USD", "999" NNBSP "999" NBSP "долл. США" },
    { 1030000, "1.03 M USD", "1,03 млн долл. США" },
    { 12345678, "12.3 M USD", "12,3 млн долл. США" },
    { 309e6, "309 M USD", "309 млн долл. США" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *en = NULL;
      g_autofree char *ru = NULL;

      ts_i18n_set_language ("en");
      en = ts_format_money_short (cases[i].usd, "USD");
      g_assert_cmpstr (en, ==, cases[i].en);
      if (!russian_available ())
        {
          g_test_fail_printf ("The Russian catalog was not found");
          return;
        }
      ru = ts_format_money_short (cases[i].usd, "USD");
      g_assert_cmpstr (ru, ==, cases[i].ru);
    }
  ts_i18n_set_language ("en");
}

static void
test_small_and_equal (void)
{
  g_autofree char *one = NULL;
  g_autofree char *small = NULL;
  g_autofree char *qlora = NULL;

  ts_i18n_set_language ("en");
  one = ts_format_gb_range (140e9, 140e9);
  small = ts_format_gb (4e9);
  qlora = ts_format_gb (117.5e9);
  g_assert_cmpstr (one, ==, "140" NBSP "GB");
  g_assert_cmpstr (small, ==, "4" NBSP "GB");
  g_assert_cmpstr (qlora, ==, "118" NBSP "GB");  /* the article's “~118 GB” */
}

int
main (int argc, char **argv)
{
  ts_i18n_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/english", test_english);
  g_test_add_func ("/format/russian", test_russian);
  g_test_add_func ("/format/small-and-equal", test_small_and_equal);
  g_test_add_func ("/format/money-short", test_money_short);
  return g_test_run ();
}
