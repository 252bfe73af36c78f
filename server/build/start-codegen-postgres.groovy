// Starts a throw-away embedded PostgreSQL, applies db/migrations with Flyway, and hands the
// JDBC URL to jooq-codegen-maven through the project property "codegen.jdbc.url".
// The server is stopped by stop-codegen-postgres.groovy: a JVM shutdown hook cannot run
// inside Maven's class loader, so it is not registered and the server is closed explicitly.
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres
import org.flywaydb.core.Flyway

def dataDir = new File(project.build.directory, "codegen-postgres")
// pg_ctl daemonizes the postmaster: a build killed between start and stop leaves it running.
def stalePid = new File(dataDir, "postmaster.pid")
if (stalePid.exists()) {
    def pid = stalePid.readLines()[0].trim() as long
    ProcessHandle.of(pid).ifPresent { handle ->
        handle.destroy()
        handle.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS)
    }
}
dataDir.deleteDir()

def postgres = EmbeddedPostgres.builder()
        .setDataDirectory(dataDir)
        .setCleanDataDirectory(true)
        .setRegisterShutdownHook(false)
        .start()
project.setContextValue("codegen.postgres", postgres)

def url = postgres.getJdbcUrl("postgres", "postgres")
Flyway.configure()
        .dataSource(url, "postgres", "postgres")
        .locations("filesystem:" + new File(project.basedir, "../db/migrations").canonicalPath)
        .load()
        .migrate()

project.properties.setProperty("codegen.jdbc.url", url)
log.info("jOOQ code generation database ready at " + url)
