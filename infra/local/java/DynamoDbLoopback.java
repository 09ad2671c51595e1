/*
 * DynamoDB Local on the loopback interface only.
 *
 * DynamoDBLocal.jar's own main() builds its Jetty server with `new Server(port)`, which listens on every
 * interface, and it has no option to change that: anyone on the network could read and write the local
 * table. This launcher builds the same server through the jar's public API (ServerRunner's
 * createServerFromCommandLineArgs takes the usual -port, -dbPath, -inMemory, -sharedDb ... flags), binds its
 * one connector to 127.0.0.1 before starting it, and refuses to run with telemetry on (nothing local should
 * reach out to the network). It is run from source (`java -cp DynamoDBLocal.jar DynamoDbLoopback.java ...`,
 * Java 11+), so there is no build step and no class file to keep in step with the jar.
 */
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.util.Arrays;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public final class DynamoDbLoopback {
    private static final String LOOPBACK = "127.0.0.1";

    public static void main(String[] args) throws Exception {
        if (!Arrays.asList(args).contains("-disableTelemetry")) {
            System.err.println("DynamoDbLoopback: pass -disableTelemetry");
            System.exit(2);
        }
        DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
        // DynamoDBProxyServer keeps its Jetty server private and exposes no host setting.
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        Server jetty = (Server) field.get(proxy);
        Connector[] connectors = jetty.getConnectors();
        if (connectors.length == 0) fail("the server has no connector to bind");
        for (Connector connector : connectors) {
            if (!(connector instanceof ServerConnector)) fail("unexpected connector " + connector.getClass().getName());
            ((ServerConnector) connector).setHost(LOOPBACK);
        }
        proxy.start();
        // Never serve on anything but the loopback, whatever a later jar does with its connectors.
        for (Connector connector : jetty.getConnectors()) {
            String host = connector instanceof ServerConnector ? ((ServerConnector) connector).getHost() : null;
            if (host == null || !InetAddress.getByName(host).isLoopbackAddress()) {
                proxy.stop();
                fail("a connector is not bound to the loopback (" + host + ")");
            }
        }
        System.out.println("DynamoDB Local listening on " + LOOPBACK);
    }

    private static void fail(String message) {
        System.err.println("DynamoDbLoopback: " + message);
        System.exit(1);
    }
}
