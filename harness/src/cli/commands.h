/* commands.h: the subcommands of uritest; main.c dispatches on the table
 * in main.c, so a new subcommand is one function and one table line. */
#ifndef URITEST_COMMANDS_H
#define URITEST_COMMANDS_H

int cmd_run(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_adapters(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_explain(int argc, char **argv);  /* explain.c */
int cmd_bisect(int argc, char **argv);   /* bisect.c */
int cmd_versions(int argc, char **argv); /* cmd_versions.c */
int cmd_merge(int argc, char **argv);    /* merge.c */
int cmd_check(int argc, char **argv);    /* merge.c */
int cmd_list(int argc, char **argv);     /* list.c */
int cmd_behaviours(int argc, char **argv);
int cmd_pairs(int argc, char **argv);
int cmd_fetch(int argc, char **argv);   /* cmd_fetch.c */
int cmd_fuzz(int argc, char **argv);    /* fuzz.c */
int cmd_compare(int argc, char **argv); /* compare.c */
int cmd_site(int argc, char **argv);    /* site.c */

#endif
