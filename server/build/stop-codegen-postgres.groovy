// Closes the PostgreSQL started by start-codegen-postgres.groovy (see there for why).
def postgres = project.getContextValue("codegen.postgres")
if (postgres != null) {
    postgres.close()
    project.setContextValue("codegen.postgres", null)
}
